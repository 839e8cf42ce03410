// The ids of ledger accounts, creating the missing ones empty: a user's account for an asset
// exists from its first movement on. Two statements at most, however many accounts.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';
import { type AccountRef, accountKey } from './accounts.ts';

/** The database or a transaction on it. */
type Queryable = Kysely<Database>;

interface Row {
  id: string | number;
  user_id: number | null;
  system_name: string | null;
  wallet: string | null;
  asset: string;
  shard: string;
}

const keyOf = (row: Row) =>
  row.user_id === null
    ? accountKey({ system: row.system_name as never, asset: row.asset, shard: row.shard })
    : accountKey({ user: row.user_id, wallet: row.wallet as never, asset: row.asset });

/** The ids of `refs` by account key. */
export async function accountIds(
  db: Queryable,
  refs: readonly AccountRef[],
): Promise<Map<string, string>> {
  const unique = [...new Map(refs.map((ref) => [accountKey(ref), ref])).values()];
  const ids = new Map<string, string>();
  for (const row of (await find(unique).execute(db)).rows) ids.set(keyOf(row), String(row.id));
  // Sorted, so two transactions creating the same accounts wait for each other in one order.
  const missing = unique
    .filter((ref) => !ids.has(accountKey(ref)))
    .sort((a, b) => (accountKey(a) < accountKey(b) ? -1 : 1));
  if (missing.length === 0) return ids;
  await sql`
    insert into ledger_accounts (user_id, system_name, wallet, asset, shard)
    select * from unnest(
      ${missing.map((ref) => ('user' in ref ? ref.user : null))}::int[],
      ${missing.map((ref) => ('system' in ref ? ref.system : null))}::text[],
      ${missing.map((ref) => ('user' in ref ? ref.wallet : null))}::text[],
      ${missing.map((ref) => ref.asset)}::text[],
      ${missing.map((ref) => ('system' in ref ? (ref.shard ?? '') : ''))}::text[])
    on conflict do nothing`.execute(db);
  // Only the missing ones again: a batch of 40,000 accounts with one new system account among
  // them asks for one row, not 40,000.
  for (const row of (await find(missing).execute(db)).rows) ids.set(keyOf(row), String(row.id));
  const still = unique.find((ref) => !ids.has(accountKey(ref)));
  if (still) throw new Error(`ledger account ${accountKey(still)} could not be created`);
  return ids;
}

/** The existing accounts among `refs`. */
function find(refs: readonly AccountRef[]) {
  const users = refs.flatMap((ref) => ('user' in ref ? [ref] : []));
  const systems = refs.flatMap((ref) => ('system' in ref ? [ref] : []));
  // Joins, not `in (…) or in (…)`: past work_mem a hashed `in` becomes a scan per row, which
  // made 100,000 accounts (a funding round) take minutes instead of a second.
  return sql<Row>`
    select a.id, a.user_id, a.system_name, a.wallet, a.asset, a.shard
    from unnest(
      ${users.map((ref) => ref.user)}::int[],
      ${users.map((ref) => ref.wallet)}::text[],
      ${users.map((ref) => ref.asset)}::text[]) as u(user_id, wallet, asset)
    join ledger_accounts a
      on a.user_id = u.user_id and a.wallet = u.wallet and a.asset = u.asset
    union all
    select a.id, a.user_id, a.system_name, a.wallet, a.asset, a.shard
    from unnest(
      ${systems.map((ref) => ref.system)}::text[],
      ${systems.map((ref) => ref.asset)}::text[],
      ${systems.map((ref) => ref.shard ?? '')}::text[]) as s(system_name, asset, shard)
    join ledger_accounts a
      on a.system_name = s.system_name and a.asset = s.asset and a.shard = s.shard`;
}
