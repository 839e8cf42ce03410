// What the exchange owes each user, per asset, for a proof of reserves: the sum over the user's
// wallets of available + frozen. The liquidity provider's account and the system accounts are
// not users' money and are left out. Read with the salts in one repeatable-read transaction, so
// every balance is of the same moment however many users there are.
import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { LiabilityEntry } from '../../core/wallet/proof-of-reserves.ts';
import type { Database } from '../db/tables.ts';

const batch = 1000;

/** Gives every user who has none a salt of 128 random bits; a salt, once made, never changes. */
async function ensureSalts(trx: Transaction<Database>): Promise<void> {
  const missing = await trx
    .selectFrom('users')
    .leftJoin('reserve_salts', 'reserve_salts.user_id', 'users.id')
    .where('users.role', '=', 'user')
    .where('reserve_salts.user_id', 'is', null)
    .select('users.id')
    .execute();
  for (let i = 0; i < missing.length; i += batch) {
    await trx
      .insertInto('reserve_salts')
      .values(
        missing
          .slice(i, i + batch)
          .map(({ id }) => ({ user_id: id, salt: randomBytes(16).toString('hex') })),
      )
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }
}

export interface Liabilities {
  /** Every asset any user holds an account in, sorted: the tree's asset order. */
  assets: string[];
  /** Every user, in a fresh random order. */
  entries: LiabilityEntry[];
}

export async function readLiabilities(trx: Transaction<Database>): Promise<Liabilities> {
  await ensureSalts(trx);
  const rows = await trx
    .selectFrom('users')
    .innerJoin('reserve_salts', 'reserve_salts.user_id', 'users.id')
    .leftJoin('ledger_accounts', 'ledger_accounts.user_id', 'users.id')
    .where('users.role', '=', 'user')
    .select([
      'users.id',
      'reserve_salts.salt',
      'ledger_accounts.asset',
      sql<string | null>`sum(ledger_accounts.available + ledger_accounts.frozen)::text`.as(
        'amount',
      ),
    ])
    .groupBy(['users.id', 'reserve_salts.salt', 'ledger_accounts.asset'])
    .execute();
  const byUser = new Map<number, { salt: string; balances: Record<string, bigint> }>();
  const assets = new Set<string>();
  for (const row of rows) {
    let entry = byUser.get(row.id);
    if (!entry) {
      entry = { salt: row.salt, balances: {} };
      byUser.set(row.id, entry);
    }
    if (row.asset === null || row.amount === null) continue;
    const atoms = parseAmount(row.amount);
    // A user owing the exchange would lower a total unseen; the ledger check forbids it.
    if (atoms === null) throw new Error(`user ${row.id} holds ${row.amount} ${row.asset}`);
    entry.balances[row.asset] = atoms;
    assets.add(row.asset);
  }
  const entries = [...byUser].map(([id, { salt, balances }]) => ({
    userId: String(id),
    salt,
    balances,
  }));
  return { assets: [...assets].sort(), entries: shuffle(entries) };
}

/**
 * Fisher–Yates with the system's random source: a leaf's position must say nothing of when the
 * user registered or who their neighbours are, and must differ from one snapshot to the next.
 */
export function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
