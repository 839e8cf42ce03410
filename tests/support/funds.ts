// Money for test users, the way it arrives in production: a confirmed deposit credited through
// the ledger (a fresh transaction id each time).
import { randomUUID } from 'node:crypto';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../../server/db/database.ts';
import { creditDeposit } from '../../server/wallet/credit-deposit.ts';

export async function creditUser(db: Db, userId: number, asset: string, amount: string) {
  const atoms = parseAmount(amount);
  if (atoms === null) throw new Error(`not an amount: ${amount}`);
  await db
    .transaction()
    .execute((trx) =>
      creditDeposit(trx, { userId, asset, chain: 'TRC20', txid: randomUUID(), amount: atoms }),
    );
}
