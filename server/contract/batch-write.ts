// One committed batch of the contract engine, as one transaction: its orders, positions,
// postings (with the shortfalls its users' wallets could not cover and the referral
// commissions), fills, liquidations and funding rounds, and the idempotency keys with each
// command's answer. Nothing of the batch is durable unless all of it is.
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { type Pending, storeKeys } from '../engine/group-commit.ts';
import type { AccountDirectory } from '../ledger/account-directory.ts';
import type { Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import type { ContractCommand, ContractResult } from './batch-commands.ts';
import type { ContractEffects } from './batch-effects.ts';
import type { ContractBalances } from './contract-balances.ts';
import type { ContractMarket } from './contract-markets.ts';
import { insertFills, insertLiquidations, writeOrders, writePositions } from './contract-store.ts';
import type { ContractAnswer } from './engine-answers.ts';
import { shortfallPostings } from './extra-postings.ts';
import { saveFunding } from './funding-store.ts';

export interface BatchWrite {
  db: Db;
  accounts: AccountDirectory;
  markets: ReadonlyMap<string, ContractMarket>;
  work: Pending<ContractCommand, ContractAnswer>[];
  effects: ContractEffects;
  balances: ContractBalances;
  commissions: Posting[];
  now: Date;
  /** Each command's answer, read inside the transaction once the rows are written. */
  answerOf(result: ContractResult): ContractAnswer | Error;
}

/** The batch's transaction: rows, postings and keys; answers the balances and answers. */
export function writeBatch(write: BatchWrite) {
  const { db, accounts, markets, work, effects, balances, commissions, now } = write;
  return transact(db, async (trx) => {
    const postings = [
      ...effects.postings,
      ...(await shortfallPostings(trx, effects.postings, (user) =>
        balances.has(user) ? balances.available(user) : undefined,
      )),
      ...commissions,
    ];
    const ids = await accounts.resolve(
      trx,
      postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
    );
    const orders = [...effects.orders.values()];
    await writeOrders(trx, orders, markets, now);
    await writePositions(trx, [...effects.positions.values()], now);
    const changed = await writePostings(trx, postings, ids);
    await insertFills(trx, effects.fills, markets, now);
    await insertLiquidations(trx, effects.liquidations, now);
    await saveFunding(trx, effects.funding);
    const answers = effects.results.map((result) => write.answerOf(result));
    await storeKeys(trx, work, answers);
    return { changed, answers };
  });
}
