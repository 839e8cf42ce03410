// Checks a proof of reserves as the server answered it, in the worker: the user's proof and the
// published root read from their file format (core/wallet/proof-json.ts) and verified
// (core/wallet/proof-of-reserves.ts), timed, then shaped for the page. The check is the one
// `npm run proof:verify` runs, so the page and the script can never disagree; a proof of another
// user's leaf is refused as well, since it would prove nothing of this user's balances.
import { formatAmount, noPrecisions } from '../../core/figures.ts';
import { formatAmount as atomsText } from '../../core/money.ts';
import { proofFromJson, rootFromJson } from '../../core/wallet/proof-json.ts';
import { verifyProof } from '../../core/wallet/proof-of-reserves.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { ReserveProofAnswerData } from './reserve-proof-call.ts';
import type { ReserveAmount, ReserveHoldings, ReserveProofView, ReserveVerdict } from './types.ts';

export interface CheckContext {
  /** The signed-in user's id, or null when none is known. */
  userId: number | null;
  locale: string;
  /** A clock in milliseconds, fine-grained (performance.now). */
  now(): number;
}

/** Every amount is shown as counted: all the decimals it has, none rounded away. */
function amountsOf(
  assets: readonly string[],
  atoms: readonly bigint[],
  locale: string,
): ReserveAmount[] {
  return assets.map((asset, k) => {
    const amount = atomsText(atoms[k] ?? 0n);
    return { asset, amount, shown: formatAmount(amount, asset, noPrecisions, locale) };
  });
}

/** An on-chain amount (18 decimals for ETH) cut to the ledger's eight, as the app shows amounts. */
const toLedgerScale = (amount: string) => amount.replace(/^(\d+\.\d{0,8})\d*$/, '$1');

/**
 * The exchange's holdings when the answer carries them (`holdings` of the answer; null without a
 * real chain). Read loosely, so an answer of a server that publishes none shows none.
 */
function holdingsOf(raw: unknown, locale: string): ReserveHoldings | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const holdings = raw as {
    network?: unknown;
    block_number?: unknown;
    addresses_read?: unknown;
    assets?: unknown;
  };
  const assets =
    typeof holdings.assets === 'object' && holdings.assets !== null ? holdings.assets : {};
  return {
    network: String(holdings.network ?? ''),
    block: String(holdings.block_number ?? ''),
    addressesRead: Number(holdings.addresses_read ?? 0),
    assets: Object.entries(assets).flatMap(([asset, held]) => {
      const total = (held as { total?: unknown } | null)?.total;
      return typeof total === 'string' && /^\d+(\.\d+)?$/.test(total)
        ? [{ asset, shown: formatAmount(toLedgerScale(total), asset, noPrecisions, locale) }]
        : [];
    }),
  };
}

const fileText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

type Read = ReturnType<typeof readAndVerify>;

/** Both files read and the proof verified: what is timed. */
function readAndVerify(data: ReserveProofAnswerData, userId: number | null) {
  const proof = proofFromJson(data.proof);
  if (!proof.ok) return { ok: false as const, reason: `not a proof: ${proof.reason}` };
  const root = rootFromJson(data.root);
  if (!root.ok) return { ok: false as const, reason: `not a root: ${root.reason}` };
  const check =
    userId !== null && proof.value.userId !== String(userId)
      ? { ok: false as const, level: 0, reason: 'the proof is of another user' }
      : verifyProof(proof.value, root.value);
  const verdict: ReserveVerdict = check.ok
    ? { verified: true }
    : { verified: false, level: check.level, reason: check.reason };
  return { ok: true as const, proof: proof.value, root: root.value, verdict };
}

/** The answer checked and shaped for the page; a proof or root that cannot be read, and why. */
export type ProofCheckOutcome =
  | { ok: true; view: ReserveProofView }
  | { ok: false; reason: string };

export function checkReserveProof(
  data: ReserveProofAnswerData,
  context: CheckContext,
): ProofCheckOutcome {
  const started = context.now();
  const read: Read = readAndVerify(data, context.userId);
  const verifyMs = context.now() - started;
  if (!read.ok) return read;
  const { locale } = context;
  const { proof, root, verdict } = read;
  return {
    ok: true,
    view: {
      found: true,
      snapshotId: data.snapshot.id,
      takenAt: formatTimestamp(data.snapshot.created_at, locale, 'dated'),
      rootHash: root.hash,
      users: root.users,
      usersShown: new Intl.NumberFormat(locale).format(root.users),
      totals: amountsOf(root.assets, root.totals, locale),
      balances: amountsOf(proof.assets, proof.balances, locale),
      path: proof.path.map((step, i) => ({
        level: i + 1,
        side: step.side,
        hash: step.hash,
        sums: amountsOf(proof.assets, step.sums, locale),
      })),
      verdict,
      verifyMs,
      verifyShown: new Intl.NumberFormat(locale, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(verifyMs),
      holdings: holdingsOf(data.holdings, locale),
      files: { proof: fileText(data.proof), root: fileText(data.root) },
    },
  };
}
