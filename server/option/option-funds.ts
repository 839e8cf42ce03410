// What the option writer reads before a batch's transaction: the ordering users' option balances,
// the day's losses and loss limits, and the pool's balance. Orders are checked against these, and
// the batch's own orders change them as they are taken (server/option/option-writer.ts).
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { optionPool } from './option-postings.ts';
import { lossesSince } from './option-store.ts';

export interface Funds {
  available: Map<number, bigint>;
  lost: Map<number, bigint>;
  limits: Map<number, bigint>;
  pool: bigint;
}

const dayMs = 86_400_000;

/** The balances, today's losses and the limits of `users`, and the pool. */
export async function fundsOf(db: Db, users: readonly number[], now: number): Promise<Funds> {
  const funds: Funds = { available: new Map(), lost: new Map(), limits: new Map(), pool: 0n };
  const pool = await sql<{ available: string }>`
    select available::text from ledger_accounts
    where system_name = ${optionPool.system} and asset = 'USDT'`.execute(db);
  funds.pool = parseAmount(pool.rows[0]?.available ?? '0') ?? 0n;
  if (users.length === 0) return funds;
  const [wallets, lost, limits] = await Promise.all([
    sql<{ user_id: number; available: string }>`
      select user_id, available::text from ledger_accounts
      where user_id = any(${users}::int[]) and wallet = 'option' and asset = 'USDT'`.execute(db),
    lossesSince(db, users, now - (now % dayMs)),
    sql<{ user_id: number; daily_limit: string; raise_to: string | null; raise_at: Date | null }>`
      select user_id, daily_limit::text, raise_to::text, raise_at from option_loss_limits
      where user_id = any(${users}::int[])`.execute(db),
  ]);
  for (const row of wallets.rows) {
    funds.available.set(row.user_id, parseAmount(row.available) ?? 0n);
  }
  funds.lost = lost;
  for (const row of limits.rows) funds.limits.set(row.user_id, effectiveLimit(row, now));
  return funds;
}

/** A user's limit now: a raise counts once its day has passed. */
export function effectiveLimit(
  row: { daily_limit: string; raise_to: string | null; raise_at: Date | string | null },
  now: number,
): bigint {
  const raisedTo =
    row.raise_at !== null && new Date(row.raise_at).getTime() <= now ? row.raise_to : null;
  return parseAmount(raisedTo ?? row.daily_limit) ?? 0n;
}
