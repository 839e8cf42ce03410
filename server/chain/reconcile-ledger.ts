// The ledger's side of the reconciliation, per asset of the Ethereum family, read in one
// repeatable-read transaction: what users are owed, what is in flight, and the amounts behind each
// known difference between that and the chain (docs/wallet.md § "Reconciliation"). Deposits and
// sends of blocks after the one the chain is read at are left out, as the chain leaves them out.
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';

/** Every figure in ledger atoms (10⁻⁸) but `networkFeesWei`. */
export interface LedgerSide {
  users: bigint;
  inFlight: bigint;
  fees: bigint;
  /** Every other account of the asset: system accounts of products, the liquidity provider. */
  platform: bigint;
  creditedOther: bigint;
  sentOther: bigint;
  confirmingReal: bigint;
  /** Real deposits on chain by then (confirming or credited): each may carry dust. */
  realDeposits: number;
  sentNotMined: bigint;
  minedInFlight: bigint;
  /** Fees of every send mined by then, in wei (the ETH asset's line). */
  networkFeesWei: bigint;
}

/** A signed sum of numeric(38, 8) as atoms; null (no rows) is zero. */
export function signedAtoms(text: string | null | undefined): bigint {
  if (text === null || text === undefined) return 0n;
  const match = /^(-?)(\d+)(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount of eight decimals: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const atoms = BigInt(whole) * 10n ** 8n + BigInt(fraction.padEnd(8, '0'));
  return sign ? -atoms : atoms;
}

type Row = Record<string, string | null>;

async function accounts(trx: Transaction<Database>, asset: string) {
  const { rows } = await sql<Row>`
    select
      sum(a.available + a.frozen) filter (where u.role = 'user')::text as users,
      sum(a.available + a.frozen)
        filter (where a.system_name = 'withdrawals_in_flight')::text as in_flight,
      sum(a.available + a.frozen) filter (where a.system_name = 'fees')::text as fees,
      sum(a.available + a.frozen) filter (where (a.user_id is not null and u.role <> 'user')
        or a.system_name not in ('external_deposits', 'withdrawals_in_flight', 'fees'))::text
        as platform
    from ledger_accounts a left join users u on u.id = a.user_id
    where a.asset = ${asset}`.execute(trx);
  return rows[0] ?? {};
}

async function deposits(trx: Transaction<Database>, asset: string, chain: string, block: bigint) {
  const real = sql`d.chain = ${chain} and (d.block_number is not null or d.txid like '0x%')`;
  const byThen = sql`${real} and (d.block_number is null or d.block_number <= ${String(block)}::bigint)`;
  const { rows } = await sql<Row>`
    select
      sum(d.amount) filter (where d.status = 'credited' and not (${real}))::text as credited_other,
      sum(d.amount) filter (where d.status = 'confirming' and ${byThen})::text as confirming_real,
      count(*) filter (where d.status <> 'dropped' and ${byThen})::text as real_deposits
    from deposits d where d.asset = ${asset}`.execute(trx);
  return rows[0] ?? {};
}

async function withdrawals(trx: Transaction<Database>, asset: string, block: bigint) {
  const mined = sql`s.block_number is not null and s.block_number <= ${String(block)}::bigint
    and s.status <> 'failed'`;
  const { rows } = await sql<Row>`
    select
      sum(w.amount) filter (where w.status = 'sent' and s.id is null)::text as sent_other,
      sum(w.amount) filter (where w.status = 'sent' and s.id is not null and not (${mined}))::text
        as sent_not_mined,
      sum(w.amount) filter (where w.status = 'approved' and ${mined})::text as mined_in_flight
    from withdrawals w left join chain_sends s on s.withdrawal_id = w.id and s.chain = 'ETH'
    where w.asset = ${asset}`.execute(trx);
  return rows[0] ?? {};
}

async function networkFees(trx: Transaction<Database>, block: bigint): Promise<bigint> {
  const { rows } = await sql<Row>`
    select sum(fee_paid::numeric)::text as wei from chain_sends
    where chain = 'ETH' and fee_paid is not null
      and (block_number is null or block_number <= ${String(block)}::bigint)`.execute(trx);
  return BigInt(rows[0]?.wei ?? '0');
}

/** `chain` is the asset's chain on the Ethereum network: `ETH` or `ERC20`. */
export async function readLedgerSide(
  db: Db,
  asset: string,
  chain: string,
  block: bigint,
): Promise<LedgerSide> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const a = await accounts(trx, asset);
      const d = await deposits(trx, asset, chain, block);
      const w = await withdrawals(trx, asset, block);
      return {
        users: signedAtoms(a.users),
        inFlight: signedAtoms(a.in_flight),
        fees: signedAtoms(a.fees),
        platform: signedAtoms(a.platform),
        creditedOther: signedAtoms(d.credited_other),
        sentOther: signedAtoms(w.sent_other),
        confirmingReal: signedAtoms(d.confirming_real),
        realDeposits: Number(d.real_deposits ?? 0),
        sentNotMined: signedAtoms(w.sent_not_mined),
        minedInFlight: signedAtoms(w.mined_in_flight),
        networkFeesWei: asset === 'ETH' ? await networkFees(trx, block) : 0n,
      };
    });
}
