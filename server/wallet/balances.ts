// A user's balances: every wallet and asset they hold, available and frozen, as decimal strings.
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Wallet } from '../db/tables.ts';

export interface Balance {
  wallet: Wallet;
  asset: string;
  available: string;
  frozen: string;
}

export async function balancesOf(db: Db, userId: number): Promise<Balance[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['wallet', 'asset', 'available', 'frozen'])
    .where('user_id', '=', userId)
    .orderBy('wallet')
    .orderBy('asset')
    .execute();
  return rows.map((row) => ({
    wallet: row.wallet as Wallet,
    asset: row.asset,
    available: displayAmount(parseAmount(row.available) ?? 0n),
    frozen: displayAmount(parseAmount(row.frozen) ?? 0n),
  }));
}
