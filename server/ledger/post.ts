// Writes one balanced posting inside the caller's transaction: every asset's legs sum to zero,
// each account's balance changes in the same statement that checks it stays non-negative, and
// the posting's reference is unique, so the same movement can never be written twice.
import { sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Database, Wallet } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { type AccountRef, accountKey, type Leg } from './accounts.ts';

export interface Posting {
  /** What moved the money: `deposit`, `transfer`, `withdrawal.request`, … */
  kind: string;
  /** Unique per movement (`deposit:TRC20:<txid>`): writing it twice fails. */
  reference: string;
  legs: readonly Leg[];
}

export class UnbalancedPosting extends Error {}

/** A user account's balance after a posting: what the private `balances` channel reports. */
export interface BalanceChange {
  userId: number;
  wallet: Wallet;
  asset: string;
  available: bigint;
  frozen: bigint;
}

/** Writes the posting; answers the new balances of the user accounts it touched. */
export async function post(trx: Transaction<Database>, posting: Posting): Promise<BalanceChange[]> {
  assertBalanced(posting);
  const ids = new Map<string, string>();
  // Accounts in a fixed order, so two postings touching the same accounts cannot deadlock.
  const refs = [...new Map(posting.legs.map((leg) => [accountKey(leg.account), leg.account]))]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, ref]) => ref);
  for (const ref of refs) ids.set(accountKey(ref), await accountId(trx, ref));

  const { id: postingId } = await trx
    .insertInto('ledger_postings')
    .values({ kind: posting.kind, reference: posting.reference })
    .returning('id')
    .executeTakeFirstOrThrow();

  const changed: BalanceChange[] = [];
  for (const ref of refs) {
    const key = accountKey(ref);
    const legs = posting.legs.filter((leg) => accountKey(leg.account) === key);
    const available = sum(legs.filter((leg) => leg.bucket === 'available'));
    const frozen = sum(legs.filter((leg) => leg.bucket === 'frozen'));
    const updated = await trx
      .updateTable('ledger_accounts')
      .set({
        available: sql`available + ${formatAmount(available)}::numeric`,
        frozen: sql`frozen + ${formatAmount(frozen)}::numeric`,
      })
      .where('id', '=', ids.get(key) as string)
      .where((eb) =>
        'user' in ref
          ? eb.and([
              eb(sql`available + ${formatAmount(available)}::numeric`, '>=', 0),
              eb(sql`frozen + ${formatAmount(frozen)}::numeric`, '>=', 0),
            ])
          : eb.lit(true),
      )
      .returning(['available', 'frozen'])
      .executeTakeFirst();
    if (!updated) throw new BusinessError('balance_insufficient');
    if ('user' in ref) {
      changed.push({
        userId: ref.user,
        wallet: ref.wallet,
        asset: ref.asset,
        available: parseAmount(updated.available) ?? 0n,
        frozen: parseAmount(updated.frozen) ?? 0n,
      });
    }
  }

  await trx
    .insertInto('ledger_entries')
    .values(
      posting.legs
        .filter((leg) => leg.amount !== 0n)
        .map((leg) => ({
          posting_id: postingId,
          account_id: ids.get(accountKey(leg.account)) as string,
          bucket: leg.bucket,
          amount: formatAmount(leg.amount),
        })),
    )
    .execute();
  return changed;
}

function sum(legs: readonly Leg[]): bigint {
  return legs.reduce((total, leg) => total + leg.amount, 0n);
}

function assertBalanced(posting: Posting): void {
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

/** The account's id, creating it empty on first use. */
async function accountId(trx: Transaction<Database>, ref: AccountRef): Promise<string> {
  const owner =
    'user' in ref
      ? { user_id: ref.user, system_name: null, wallet: ref.wallet }
      : { user_id: null, system_name: ref.system, wallet: null };
  const find = () =>
    trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('asset', '=', ref.asset)
      .where((eb) =>
        'user' in ref
          ? eb.and([eb('user_id', '=', ref.user), eb('wallet', '=', ref.wallet)])
          : eb('system_name', '=', ref.system),
      )
      .executeTakeFirst();
  const found = await find();
  if (found) return String(found.id);
  await trx
    .insertInto('ledger_accounts')
    .values({ ...owner, asset: ref.asset })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const created = await find();
  if (!created) throw new Error(`ledger account ${accountKey(ref)} could not be created`);
  return String(created.id);
}
