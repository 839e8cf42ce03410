// A market's writer commits only while its node holds the market's lease at the epoch it took it
// at, for a perpetual market (`perp:<SYMBOL>`, server/cluster/spread-markets.ts) and a spot market
// (`spot:<SYMBOL>`, server/spot/spot-spread.ts) alike: a node paused past its lease, whose market
// another node has taken meanwhile, commits nothing when it wakes, and the market goes on at the
// new owner.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { Leases } from '../../server/cluster/leases.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import { perpetualLease } from '../../server/contract/call-market.ts';
import { ContractEngine } from '../../server/contract/contract-engine.ts';
import type { Db } from '../../server/db/database.ts';
import { fencedDb } from '../../server/db/fenced-db.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import type { MarketWriter } from '../../server/spot/market-writer.ts';
import type { NewOrder } from '../../server/spot/settlement.ts';
import { spotMarketOf } from '../../server/spot/spot-markets.ts';
import { spotLease } from '../../server/spot/spot-spread.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { perpetual } from '../support/perpetuals.ts';
import { readySpotWriter } from '../support/ready-writers.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { fundedUsers } from '../support/writer-fixtures.ts';

const btc = perpetual('BTCUSDT');
const lease = perpetualLease(btc.symbol);

const btcSpec = knownMarkets.find((spec) => spec.symbol === 'BTCUSDT');
if (!btcSpec) throw new Error('BTCUSDT is not a known market');
const spotBtc = spotMarketOf(btcSpec, 5n, { makerPpm: 1_000, takerPpm: 2_000 });
const spotBtcLease = spotLease(spotBtc.symbol);

/** A node's engine over BTC, its writer fenced by `leases` at `epoch`, holding the market. */
async function nodeEngine(db: Db, leases: Leases, epoch: number): Promise<ContractEngine> {
  const engine = new ContractEngine({
    db,
    clock: { now: () => new Date() },
    markets: [btc],
    batchMax: 512,
    marketBandPpm: 50_000,
    referralRatesPpm: [],
    onCommitted: () => undefined,
    log: silent,
    writerDb: () => fencedDb(db, (trx) => leases.fence(trx, lease, epoch)),
  });
  await engine.hold([btc.symbol]);
  engine.marks.set(btc.symbol, { price: 100_000n * usdt, at: new Date(), fresh: true });
  return engine;
}

/** A node's spot writer over BTCUSDT, fenced by `leases` at `epoch`, rebuilt from the database. */
function nodeSpotWriter(db: Db, leases: Leases, epoch: number): Promise<MarketWriter> {
  return readySpotWriter(
    fencedDb(db, (trx) => leases.fence(trx, spotBtcLease, epoch)),
    spotBtc,
  );
}

const resting = (userId: number, price: number): NewContractOrder => ({
  userId,
  symbol: btc.symbol,
  side: 'sell',
  type: 'limit',
  price,
  quantity: 100,
  leverage: 10,
  marginMode: 'cross',
  reduceOnly: false,
  purpose: 'user',
});

/** A sell of 0.001 BTC at `price` cents, above any bid: it rests. */
const restingAsk = (userId: number, price: number): NewOrder => ({
  userId,
  type: 'limit',
  side: 'sell',
  price,
  quantity: 100,
});

const refusal = (error: unknown) =>
  error instanceof BusinessError ? error.errorName : String(error);

/** node-a pauses: it renews nothing and its lease runs out (set here rather than waited for). */
async function expire(db: Db, name: string): Promise<void> {
  await sql`update leases set expires_at = now() - interval '1 second'
    where name = ${name}`.execute(db);
}

async function rowsIn(db: Db, table: 'contract_orders' | 'spot_orders'): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*)::text as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n);
}

describe.each(await eachDatabase())(
  'a market lease fences its writer, on %s',
  (...databaseCase) => {
    const { skip, opened } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'lets a paused former owner of a perpetual market commit nothing once another node took it',
      async () => {
        const { db } = opened();
        const [trader] = await fundedUsers(db, 1, [
          { wallet: 'contract', asset: 'USDT', amount: 10_000n * usdt },
        ]);
        if (trader === undefined) throw new Error('no trader');
        const first = new Leases(db, 'node-a', 60_000);
        const epoch = await first.acquire(lease);
        if (epoch === null) throw new Error('node-a could not take the lease');
        const paused = await nodeEngine(db, first, epoch);
        const placed = await paused.open(resting(trader, 10_100_000));
        expect(placed.status).toBe('open');

        await expire(db, lease);
        const second = new Leases(db, 'node-b', 60_000);
        const taken = await second.acquire(lease);
        if (taken === null) throw new Error('node-b could not take the expired lease');
        const owner = await nodeEngine(db, second, taken);
        expect(owner.book(btc.symbol)?.bestAsk()).toBe(10_100_000);

        // node-a wakes and sends what it had queued: refused, nothing written.
        const before = await rowsIn(db, 'contract_orders');
        await expect(paused.open(resting(trader, 10_200_000)).catch(refusal)).resolves.toBe(
          'order_not_processed',
        );
        expect(await rowsIn(db, 'contract_orders')).toBe(before);
        // The market goes on at node-b.
        expect((await owner.open(resting(trader, 10_300_000))).status).toBe('open');
        expect(await rowsIn(db, 'contract_orders')).toBe(before + 1);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );

    it.skipIf(skip)(
      'lets a paused former owner of a spot market commit nothing once another node took it',
      async () => {
        const { db } = opened();
        const [trader] = await fundedUsers(db, 1, [
          { wallet: 'funding', asset: 'BTC', amount: usdt },
          { wallet: 'funding', asset: 'USDT', amount: 10_000n * usdt },
        ]);
        if (trader === undefined) throw new Error('no trader');
        const first = new Leases(db, 'node-a', 60_000);
        const epoch = await first.acquire(spotBtcLease);
        if (epoch === null) throw new Error('node-a could not take the lease');
        const paused = await nodeSpotWriter(db, first, epoch);
        expect((await paused.place(restingAsk(trader, 10_100_000))).status).toBe('open');

        await expire(db, spotBtcLease);
        const second = new Leases(db, 'node-b', 60_000);
        const taken = await second.acquire(spotBtcLease);
        if (taken === null) throw new Error('node-b could not take the expired lease');
        expect(taken).toBeGreaterThan(epoch);
        const owner = await nodeSpotWriter(db, second, taken);
        expect(owner.book.bestAsk()).toBe(10_100_000);

        // node-a wakes and sends what it had queued: refused, nothing written.
        const before = await rowsIn(db, 'spot_orders');
        // Refused as a perpetual's order is (server/engine/group-commit.ts): the lost lease fails
        // its transaction each time it is tried.
        await expect(paused.place(restingAsk(trader, 10_200_000)).catch(refusal)).resolves.toBe(
          'order_not_processed',
        );
        expect(await rowsIn(db, 'spot_orders')).toBe(before);
        // The market goes on at node-b.
        expect((await owner.place(restingAsk(trader, 10_300_000))).status).toBe('open');
        expect(await rowsIn(db, 'spot_orders')).toBe(before + 1);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );
  },
);
