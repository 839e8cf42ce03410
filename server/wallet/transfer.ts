// Moves funds between a user's own accounts: one posting, instant and atomic. `all` moves what is
// available when the transfer runs, read in the same transaction that moves it.
import type { Transaction } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Database, Wallet } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { accountIds } from '../ledger/account-ids.ts';
import { accountKey } from '../ledger/accounts.ts';
import { lockAccounts } from '../ledger/lock-accounts.ts';
import { post } from '../ledger/post.ts';
import { transferReference } from './ledger-kinds.ts';

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

const accountsOf = (userId: number, { from, to, asset }: TransferRequest) =>
  [
    { user: userId, wallet: from, asset },
    { user: userId, wallet: to, asset },
  ] as const;

export async function transferFunds(
  trx: Transaction<Database>,
  userId: number,
  request: TransferRequest,
  reference: string,
): Promise<TransferResult> {
  const { from, to, asset } = request;
  if (from === to) throw new BusinessError('transfer_same_wallet');
  // A new wallet's account is created before any row is locked: created after, while waiting for
  // another transfer's creation of the same account, it would hold a lock out of the ledger's
  // order, and two transfers into a new wallet would deadlock.
  await accountIds(trx, accountsOf(userId, request));
  const amount =
    request.amount === 'all'
      ? await availableIn(trx, userId, request)
      : (parseAmount(request.amount) ?? 0n);
  if (amount <= 0n) throw new BusinessError('balance_insufficient');
  await post(trx, {
    kind: 'transfer',
    reference: transferReference.build({ key: reference }),
    legs: [
      { account: { user: userId, wallet: from, asset }, bucket: 'available', amount: -amount },
      { account: { user: userId, wallet: to, asset }, bucket: 'available', amount },
    ],
  });
  return { reference, from, to, asset, amount: displayAmount(amount) };
}

/** What the source holds, with both accounts locked in the ledger's order until the commit. */
async function availableIn(
  trx: Transaction<Database>,
  userId: number,
  request: TransferRequest,
): Promise<bigint> {
  const [source, destination] = accountsOf(userId, request);
  const locked = await lockAccounts(trx, [source, destination]);
  return locked.get(accountKey(source))?.available ?? 0n;
}
