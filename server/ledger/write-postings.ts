// Writes balanced postings set-based, inside the caller's transaction: every account's balance
// changes in one statement that checks each user account stays non-negative, and the postings
// with their entries go in with one more, however many there are. Amounts travel as arrays, so a
// batch of any size is two statements.
import { sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Database, Wallet } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { accountKey, type Leg } from './accounts.ts';
import type { PostingKind } from './kinds.ts';

export interface Posting {
  /** What moved the money: a kind some product declared (server/ledger/kinds.ts). */
  kind: PostingKind;
  /**
   * Unique per movement (`deposit:TRC20:<txid>`), built by its kind's reference format: writing
   * it twice fails.
   */
  reference: string;
  legs: readonly Leg[];
}

export class UnbalancedPosting extends Error {}

/** A user account's balance after a write: what the private `balances` channel reports. */
export interface BalanceChange {
  userId: number;
  wallet: Wallet;
  asset: string;
  available: bigint;
  frozen: bigint;
}

/** Account ids by `accountKey`, for every account the postings touch. */
export type AccountIds = ReadonlyMap<string, string>;

export function assertBalanced(posting: Posting): void {
  const byAsset = new Map<string, bigint>();
  for (const leg of posting.legs) {
    byAsset.set(leg.account.asset, (byAsset.get(leg.account.asset) ?? 0n) + leg.amount);
  }
  for (const [asset, total] of byAsset) {
    if (total !== 0n) {
      throw new UnbalancedPosting(
        `${posting.kind} ${posting.reference}: ${asset} is off by ${total}`,
      );
    }
  }
}

/**
 * Writes the postings; answers the new balances of the user accounts they touched. Refuses the
 * whole write (`balance_insufficient`) when any user account would go below zero.
 */
export async function writePostings(
  trx: Transaction<Database>,
  postings: readonly Posting[],
  ids: AccountIds,
): Promise<BalanceChange[]> {
  if (postings.length === 0) return [];
  for (const posting of postings) assertBalanced(posting);
  const idOf = (leg: Leg) => {
    const id = ids.get(accountKey(leg.account));
    if (id === undefined) throw new Error(`no ledger account ${accountKey(leg.account)}`);
    return id;
  };
  const deltas = new Map<string, { available: bigint; frozen: bigint }>();
  for (const leg of postings.flatMap((posting) => posting.legs)) {
    const id = idOf(leg);
    const delta = deltas.get(id) ?? { available: 0n, frozen: 0n };
    delta[leg.bucket] += leg.amount;
    deltas.set(id, delta);
  }
  const accounts = [...deltas].sort(([a], [b]) => (BigInt(a) < BigInt(b) ? -1 : 1));
  // The rows are locked in the order of their ids before any is changed (`locked` is evaluated
  // sorted, and an update's own row lock comes in whatever order its join reads the rows): the
  // one lock order of the ledger, so two writers of the same accounts wait rather than deadlock.
  const updated = await sql<{
    user_id: number | null;
    wallet: Wallet | null;
    asset: string;
    available: string;
    frozen: string;
  }>`
    with locked as materialized (
      select id from ledger_accounts
      where id = any(${accounts.map(([id]) => id)}::bigint[])
      order by id
      for update
    )
    update ledger_accounts a
    set available = a.available + v.available, frozen = a.frozen + v.frozen
    from unnest(
      ${accounts.map(([id]) => id)}::bigint[],
      ${accounts.map(([, delta]) => formatAmount(delta.available))}::numeric[],
      ${accounts.map(([, delta]) => formatAmount(delta.frozen))}::numeric[]
    ) as v(id, available, frozen)
    join locked on locked.id = v.id
    where a.id = v.id
      and (a.user_id is null or (a.available + v.available >= 0 and a.frozen + v.frozen >= 0))
    returning a.user_id, a.wallet, a.asset, a.available::text, a.frozen::text`.execute(trx);
  if (updated.rows.length !== accounts.length) throw new BusinessError('balance_insufficient');

  const entries = postings.flatMap((posting) =>
    posting.legs
      .filter((leg) => leg.amount !== 0n)
      .map((leg) => ({ reference: posting.reference, leg })),
  );
  await sql`
    with posted as (
      insert into ledger_postings (kind, reference)
      select * from unnest(
        ${postings.map((posting) => posting.kind)}::text[],
        ${postings.map((posting) => posting.reference)}::text[]
      )
      returning id, reference
    )
    insert into ledger_entries (posting_id, account_id, bucket, amount)
    select posted.id, e.account_id, e.bucket, e.amount
    from unnest(
      ${entries.map((entry) => entry.reference)}::text[],
      ${entries.map((entry) => idOf(entry.leg))}::bigint[],
      ${entries.map((entry) => entry.leg.bucket)}::text[],
      ${entries.map((entry) => formatAmount(entry.leg.amount))}::numeric[]
    ) as e(reference, account_id, bucket, amount)
    join posted on posted.reference = e.reference`.execute(trx);

  return updated.rows.flatMap((row) =>
    row.user_id === null || row.wallet === null
      ? []
      : [
          {
            userId: row.user_id,
            wallet: row.wallet,
            asset: row.asset,
            available: parseAmount(row.available) ?? 0n,
            frozen: parseAmount(row.frozen) ?? 0n,
          },
        ],
  );
}
