// A perpetual market's writer commits only while its node holds the market's lease at the epoch it
// took it at (server/cluster/spread-markets.ts): a node paused past its lease, whose market another
// node has taken meanwhile, commits nothing when it wakes, and the market goes on at the new owner.
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
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { perpetual } from '../support/perpetuals.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { fundedUsers } from '../support/writer-fixtures.ts';

const btc = perpetual('BTCUSDT');
const lease = perpetualLease(btc.symbol);

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

const refusal = (error: unknown) =>
  error instanceof BusinessError ? error.errorName : String(error);

describe.each(await eachDatabase())(
  'a perpetual market lease fences its writer, on %s',
  (...databaseCase) => {
    const { skip, opened } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'lets a paused former owner commit nothing once another node took the market',
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

        // node-a pauses: it renews nothing and its lease runs out (set here rather than waited
        // for), then node-b takes the market.
        await sql`update leases set expires_at = now() - interval '1 second'
          where name = ${lease}`.execute(db);
        const second = new Leases(db, 'node-b', 60_000);
        const taken = await second.acquire(lease);
        if (taken === null) throw new Error('node-b could not take the expired lease');
        const owner = await nodeEngine(db, second, taken);
        expect(owner.book(btc.symbol)?.bestAsk()).toBe(10_100_000);

        // node-a wakes and sends what it had queued: refused, nothing written.
        const orders = async () =>
          Number(
            (await sql<{ n: string }>`select count(*)::text as n from contract_orders`.execute(db))
              .rows[0]?.n,
          );
        const before = await orders();
        await expect(paused.open(resting(trader, 10_200_000)).catch(refusal)).resolves.toBe(
          'order_not_processed',
        );
        expect(await orders()).toBe(before);
        // The market goes on at node-b.
        expect((await owner.open(resting(trader, 10_300_000))).status).toBe('open');
        expect(await orders()).toBe(before + 1);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );
  },
);
