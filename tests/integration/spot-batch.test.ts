// Group commit in a market's writer, on a real database: commands that arrive together run as one
// batch in one transaction; one refused in the middle changes nothing and the others settle
// exactly; money that leaves between the batch's read and its write makes the batch run again,
// refusing only the order that no longer fits; a repeated idempotency key gets the first answer;
// what a batch placed is durable and rebuilds the same book.
import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { createUser } from '../../server/accounts/users.ts';
import { systemClock } from '../../server/clock.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { post } from '../../server/ledger/post.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { type Committed, MarketWriter } from '../../server/spot/market-writer.ts';
import { spotMarketOf } from '../../server/spot/spot-markets.ts';
import { creditUser } from '../support/funds.ts';

const spec = knownMarkets.find((market) => market.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = spotMarketOf(spec, 5n, { makerPpm: 1_000, takerPpm: 2_000 });
const silent = { error: () => {}, warn: () => {} };

let db: Db;
let close: () => Promise<void>;
const committed: Committed[] = [];

const writer = (through: Db = db) =>
  new MarketWriter(market, {
    db: through,
    clock: systemClock,
    referralRatesPpm: [],
    batchMax: 512,
    log: silent,
    onCommitted: (batch) => committed.push(batch),
    onRebuilt: () => {},
  });

let users = 0;
async function user(usdt: string, btc = '0'): Promise<number> {
  const row = await createUser(
    db,
    { email: `batch-${++users}@example.com`, phone: undefined, passwordHash: 'x', inviterId: null },
    new Date(),
  );
  if (usdt !== '0') await creditUser(db, row.id, 'USDT', usdt);
  if (btc !== '0') await creditUser(db, row.id, 'BTC', btc);
  return row.id;
}

async function funding(userId: number, asset: string) {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['available', 'frozen'])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'funding')
    .where('asset', '=', asset)
    .executeTakeFirst();
  return { available: parseAmount(row?.available ?? '0'), frozen: parseAmount(row?.frozen ?? '0') };
}

const limit = (userId: number, side: 'buy' | 'sell', price: number, quantity: number) =>
  ({ userId, type: 'limit', side, price, quantity }) as const;

beforeAll(async () => {
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  db = opened.db;
  close = opened.close;
}, 120_000);
afterAll(() => close());

describe('a market writer with group commit', () => {
  it('settles the commands of a batch around one it refuses, in one commit', async () => {
    const spotWriter = writer();
    const seller = await user('0', '1');
    const poor = await user('10');
    const buyer = await user('100000');
    const before = committed.length;
    // Queued in one turn, so one batch: a rest, a refusal, a cross.
    const answers = await Promise.allSettled([
      spotWriter.place(limit(seller, 'sell', 9_700_000, 10_000)),
      spotWriter.place(limit(poor, 'buy', 9_700_000, 10_000)),
      spotWriter.place(limit(buyer, 'buy', 9_700_000, 10_000)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const refused = answers[1] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(BusinessError);
    expect((refused.reason as BusinessError).errorName).toBe('balance_insufficient');
    const bought = (answers[2] as PromiseFulfilledResult<SpotOrder>).value;
    expect(bought).toMatchObject({ status: 'filled', filled_quantity: '0.10000', fee: '0.0002' });
    expect(committed.length - before).toBe(1);
    // 0.1 BTC at 97,000: the buyer pays 9,700 USDT and gets 0.0998 BTC after a 0.2 % fee.
    expect(await funding(buyer, 'USDT')).toEqual({ available: 9_030_000_000_000n, frozen: 0n });
    expect(await funding(buyer, 'BTC')).toEqual({ available: 9_980_000n, frozen: 0n });
    expect(await funding(seller, 'USDT')).toEqual({ available: 969_030_000_000n, frozen: 0n });
    expect(await funding(poor, 'USDT')).toEqual({ available: 1_000_000_000n, frozen: 0n });
    expect(await auditLedger(db)).toEqual([]);
  });

  it('runs a batch again when money left between its read and its write, refusing only what no longer fits', async () => {
    const trader = await user('30');
    const other = await user('1000');
    // The first time the writer reads the batch's balances, 25 USDT of the trader's leave the
    // funding wallet before the batch is written, as a transfer on another request would.
    let raced: Promise<unknown> | undefined;
    const transferAfterRead: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        const reads = args.result.rows.some((row) => 'frozen' in row && 'available' in row);
        if (!raced && reads) {
          // Not awaited: it queues for the connection the writer's next statements wait for.
          raced = db.transaction().execute((trx) =>
            post(trx, {
              kind: 'transfer',
              reference: `test:race:${trader}`,
              legs: [
                {
                  account: { user: trader, wallet: 'funding', asset: 'USDT' },
                  bucket: 'available',
                  amount: -25_00000000n,
                },
                {
                  account: { user: trader, wallet: 'contract', asset: 'USDT' },
                  bucket: 'available',
                  amount: 25_00000000n,
                },
              ],
            }),
          );
        }
        return args.result;
      },
    };
    const spotWriter = writer(db.withPlugin(transferAfterRead));
    await spotWriter.rebuild();
    // 20 USDT each: both fit the 30 USDT the batch read, only one fits the 5 left.
    const [first, second, third] = await Promise.allSettled([
      spotWriter.place(limit(trader, 'buy', 100_000, 2_000)),
      spotWriter.place(limit(other, 'buy', 100_000, 2_000)),
      spotWriter.place(limit(trader, 'buy', 100_000, 500)),
    ]);
    await expect(raced, 'the transfer went through').resolves.toBeDefined();
    expect(first.status === 'rejected' && (first.reason as BusinessError).errorName).toBe(
      'balance_insufficient',
    );
    expect(second.status).toBe('fulfilled');
    expect(third.status).toBe('fulfilled');
    expect(await funding(trader, 'USDT')).toEqual({ available: 0n, frozen: 5_00000000n });
    expect(await auditLedger(db)).toEqual([]);
    const orders = await sql<{ n: number }>`
      select count(*)::int as n from spot_orders where user_id = ${trader}`.execute(db);
    expect(orders.rows).toEqual([{ n: 1 }]);
  });

  it('answers a repeated key with the first answer, and one reused for another order with a refusal', async () => {
    const spotWriter = writer();
    const trader = await user('100000');
    const key = { userId: trader, key: 'batch-key-1', path: '/spot/order', request: { n: 1 } };
    const [first, again] = await Promise.all([
      spotWriter.place(limit(trader, 'buy', 100_000, 10_000), key),
      spotWriter.place(limit(trader, 'buy', 100_000, 10_000), key),
    ]);
    expect(again).toEqual(first);
    const other = spotWriter.place(limit(trader, 'buy', 100_000, 20_000), {
      ...key,
      request: { n: 2 },
    });
    await expect(other).rejects.toMatchObject({ errorName: 'idempotency_key_reused' });
    const resting = await db
      .selectFrom('spot_orders')
      .select('id')
      .where('user_id', '=', trader)
      .execute();
    expect(resting).toHaveLength(1);
    // 0.1 BTC at 1,000 USDT: 100 USDT frozen, once.
    expect(await funding(trader, 'USDT')).toEqual({
      available: 9_990_000_000_000n,
      frozen: 10_000_000_000n,
    });
  });

  it('keeps what a batch placed: a rebuilt book holds the same orders', async () => {
    const spotWriter = writer();
    await spotWriter.rebuild();
    const trader = await user('1000000');
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        spotWriter.place(limit(trader, 'buy', 50_000 + i, 1_000)),
      ),
    );
    expect(new Set(placed.map((order) => order.id)).size).toBe(40);
    const rebuilt = writer();
    await rebuilt.rebuild();
    expect(rebuilt.book.restingOrders('buy')).toEqual(spotWriter.book.restingOrders('buy'));
    expect(await auditLedger(db)).toEqual([]);
  });
});
