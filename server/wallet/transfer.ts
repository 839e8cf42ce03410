// Moves funds between a user's own accounts: one posting, instant and atomic. `all` moves what is
// available when the transfer runs, read in the same transaction that moves it.
import type { Transaction } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Database, Wallet } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { post } from '../ledger/post.ts';

export interface TransferRequest {
  from: Wallet;
  to: Wallet;
  asset: string;
  amount: string;
}

export interface TransferResult {
  reference: string;
  from: Wallet;
  to: Wallet;
  asset: string;
  amount: string;
}

export async function transferFunds(
  trx: Transaction<Database>,
  userId: number,
  request: TransferRequest,
  reference: string,
): Promise<TransferResult> {
  const { from, to, asset } = request;
  if (from === to) throw new BusinessError('transfer_same_wallet');
  const amount =
    request.amount === 'all'
      ? await availableIn(trx, userId, from, asset)
      : (parseAmount(request.amount) ?? 0n);
  if (amount <= 0n) throw new BusinessError('balance_insufficient');
  await post(trx, {
    kind: 'transfer',
    reference,
    legs: [
      { account: { user: userId, wallet: from, asset }, bucket: 'available', amount: -amount },
      { account: { user: userId, wallet: to, asset }, bucket: 'available', amount },
    ],
  });
  return { reference, from, to, asset, amount: displayAmount(amount) };
}

async function availableIn(
  trx: Transaction<Database>,
  userId: number,
  wallet: Wallet,
  asset: string,
): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_accounts')
    .select('available')
    .where('user_id', '=', userId)
    .where('wallet', '=', wallet)
    .where('asset', '=', asset)
    .forUpdate()
    .executeTakeFirst();
  return row ? (parseAmount(row.available) ?? 0n) : 0n;
}
