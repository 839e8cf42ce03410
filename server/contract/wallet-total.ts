// A user's contract wallet (USDT) as one number, available plus frozen: what cross margin stands on.
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';

export async function walletTotal(db: Db, userId: number): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select (available + frozen)::text as total from ledger_accounts
    where user_id = ${userId} and wallet = 'contract' and asset = 'USDT'`.execute(db);
  return parseAmount(rows[0]?.total ?? '0') ?? 0n;
}
