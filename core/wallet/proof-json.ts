// The published forms of a proof of reserves: a user's proof file and the root, as JSON with every
// amount a decimal string of the asset (eight places, as core/money.ts writes them) keyed by asset.
// Reading keeps a sign, so a negative sum reaches the verifier and is refused there by level.
import { amountScale, formatAmount } from '../money.ts';
import type { ProofStep, ReservesProof, ReservesRoot } from './proof-of-reserves.ts';

export const proofFormatVersion = 1;

type Amounts = Record<string, string>;

export interface ProofStepJson {
  side: 'left' | 'right';
  hash: string;
  sums: Amounts;
}

export interface ReservesProofJson {
  version: number;
  assets: string[];
  userId: string;
  salt: string;
  balances: Amounts;
  path: ProofStepJson[];
}

export interface ReservesRootJson {
  version: number;
  assets: string[];
  hash: string;
  totals: Amounts;
  users: number;
}

export type Read<T> = { ok: true; value: T } | { ok: false; reason: string };

const amountPattern = new RegExp(`^(-?)(\\d{1,40})(?:\\.(\\d{1,${amountScale}}))?$`);

function toAmounts(assets: readonly string[], amounts: readonly bigint[]): Amounts {
  return Object.fromEntries(assets.map((asset, k) => [asset, formatAmount(amounts[k] ?? 0n)]));
}

export function proofToJson(proof: ReservesProof): ReservesProofJson {
  return {
    version: proofFormatVersion,
    assets: [...proof.assets],
    userId: proof.userId,
    salt: proof.salt,
    balances: toAmounts(proof.assets, proof.balances),
    path: proof.path.map((step) => ({
      side: step.side,
      hash: step.hash,
      sums: toAmounts(proof.assets, step.sums),
    })),
  };
}

export function rootToJson(root: ReservesRoot): ReservesRootJson {
  return {
    version: proofFormatVersion,
    assets: [...root.assets],
    hash: root.hash,
    totals: toAmounts(root.assets, root.totals),
    users: root.users,
  };
}

/** A signed decimal of at most eight places in atoms, else null. */
function readAmount(text: unknown): bigint | null {
  if (typeof text !== 'string') return null;
  const match = amountPattern.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const atoms =
    BigInt(whole) * 10n ** BigInt(amountScale) + BigInt(fraction.padEnd(amountScale, '0'));
  return sign === '-' ? -atoms : atoms;
}

/** The amounts of exactly `assets`, in their order; null when one is missing, extra or malformed. */
function readAmounts(assets: readonly string[], value: unknown): bigint[] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (Object.keys(record).length !== assets.length) return null;
  const amounts = assets.map((asset) =>
    Object.hasOwn(record, asset) ? readAmount(record[asset]) : null,
  );
  return amounts.every((amount) => amount !== null) ? (amounts as bigint[]) : null;
}

function readAssets(value: unknown): string[] | null {
  return Array.isArray(value) && value.length > 0 && value.every((a) => typeof a === 'string')
    ? (value as string[])
    : null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function proofFromJson(value: unknown): Read<ReservesProof> {
  const fail = (reason: string): Read<ReservesProof> => ({ ok: false, reason });
  const record = asRecord(value);
  if (!record) return fail('the proof is not a JSON object');
  if (record.version !== proofFormatVersion)
    return fail(`the proof is not version ${proofFormatVersion}`);
  const assets = readAssets(record.assets);
  if (!assets) return fail('the proof has no list of assets');
  if (typeof record.userId !== 'string' || typeof record.salt !== 'string')
    return fail('the proof has no user id or salt');
  const balances = readAmounts(assets, record.balances);
  if (!balances) return fail('the balances are not one decimal amount per asset');
  if (!Array.isArray(record.path)) return fail('the proof has no path');
  const path: ProofStep[] = [];
  for (const [i, item] of record.path.entries()) {
    const step = asRecord(item);
    const sums = step ? readAmounts(assets, step.sums) : null;
    if (
      !step ||
      !sums ||
      typeof step.hash !== 'string' ||
      (step.side !== 'left' && step.side !== 'right')
    )
      return fail(`step ${i + 1} of the path is not a side, a hash and one amount per asset`);
    path.push({ side: step.side, hash: step.hash, sums });
  }
  return { ok: true, value: { assets, userId: record.userId, salt: record.salt, balances, path } };
}

export function rootFromJson(value: unknown): Read<ReservesRoot> {
  const fail = (reason: string): Read<ReservesRoot> => ({ ok: false, reason });
  const record = asRecord(value);
  if (!record) return fail('the root is not a JSON object');
  if (record.version !== proofFormatVersion)
    return fail(`the root is not version ${proofFormatVersion}`);
  const assets = readAssets(record.assets);
  if (!assets) return fail('the root has no list of assets');
  if (typeof record.hash !== 'string') return fail('the root has no hash');
  const totals = readAmounts(assets, record.totals);
  if (!totals) return fail('the totals are not one decimal amount per asset');
  const users = record.users;
  if (typeof users !== 'number' || !Number.isSafeInteger(users) || users < 1)
    return fail('the root has no count of users');
  return { ok: true, value: { assets, hash: record.hash, totals, users } };
}
