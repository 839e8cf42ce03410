// Two contract engines on one database, as two nodes' would be, each holding the markets placed on
// it: their order and position ids never meet and each market's keep rising; a command for a market
// held elsewhere is refused with nothing written; a market released by one engine and held by the
// other goes on from what the first committed; each market's fees go to its own shard of the
// fees account; and a batch that needs more ids than were at hand runs again with more and
// commits once.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import { ContractEngine } from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import type { Db } from '../../server/db/database.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import type { Quote } from '../../server/market-kernel/liquidity/ladder.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { perpetual } from '../support/perpetuals.ts';
import { readyContractMarkets } from '../support/ready-writers.ts';
import { silent, usdt } from '../support/writer-case.ts';
import { fundedUsers } from '../support/writer-fixtures.ts';

const btc = perpetual('BTCUSDT');
const eth = perpetual('ETHUSDT');
const marks = new Map([
  [btc.symbol, 100_000n * usdt],
  [eth.symbol, 3_000n * usdt],
]);

/** An engine over both markets that holds only `held`, each with a fresh mark. */
async function engineHolding(db: Db, held: readonly ContractMarket[]): Promise<ContractEngine> {
  const engine = new ContractEngine({
    db,
    clock: { now: () => new Date() },
    markets: [btc, eth],
    batchMax: 512,
    marketBandPpm: 50_000,
    referralRatesPpm: [],
    onCommitted: () => undefined,
    log: silent,
  });
  await engine.hold(held.map((market) => market.symbol));
  for (const [symbol, price] of marks) {
    engine.marks.set(symbol, { price, at: new Date(), fresh: true });
  }
  return engine;
}

/** A limit order in the market's units, 10× cross. */
function limit(
  userId: number,
  market: ContractMarket,
  side: 'buy' | 'sell',
  price: number,
  quantity: number,
): NewContractOrder {
  return {
    userId,
    symbol: market.symbol,
    side,
    type: 'limit',
    price,
    quantity,
    leverage: 10,
    marginMode: 'cross',
    reduceOnly: false,
    purpose: 'user',
  };
}

async function idsOf(db: Db, table: 'contract_orders' | 'contract_positions', symbol: string) {
  // Ordered by the number, not by its text.
  const { rows } = await sql<{ digits: string }>`
    select id::text as digits from ${sql.table(table)} where symbol = ${symbol} order by id`.execute(
    db,
  );
  return rows.map((row) => Number(row.digits));
}

const refusal = (error: unknown) =>
  error instanceof BusinessError ? error.errorName : String(error);

describe.each(await eachDatabase())(
  'contract markets held by one engine each, on %s',
  (...databaseCase) => {
    const { skip, opened } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'gives out ids that never meet, refuses a market held elsewhere, and hands a market over',
      async () => {
        const { db } = opened();
        const first = await engineHolding(db, [btc]);
        const second = await engineHolding(db, [eth]);
        expect(first.holds(btc.symbol) && !first.holds(eth.symbol)).toBe(true);
        const [maker, taker] = await fundedUsers(db, 2, [
          { wallet: 'contract', asset: 'USDT', amount: 100_000n * usdt },
        ]);
        if (maker === undefined || taker === undefined) throw new Error('no users');

        // Both engines at once, each in its own market: fills make positions on both sides.
        const sent = await Promise.all([
          ...Array.from({ length: 20 }, (_, i) =>
            first.open(limit(maker, btc, 'sell', 10_000_000 + i * 100, 100)),
          ),
          ...Array.from({ length: 20 }, (_, i) =>
            second.open(limit(maker, eth, 'sell', 300_000 + i * 10, 1_000)),
          ),
        ]);
        expect(sent.every((order) => order.status === 'open')).toBe(true);
        await first.open(limit(taker, btc, 'buy', 10_000_000, 100));
        await second.open(limit(taker, eth, 'buy', 300_000, 1_000));

        const orders = [
          ...(await idsOf(db, 'contract_orders', btc.symbol)),
          ...(await idsOf(db, 'contract_orders', eth.symbol)),
        ];
        expect(new Set(orders).size).toBe(orders.length);
        expect(orders).toHaveLength(42);
        const positions = [
          ...(await idsOf(db, 'contract_positions', btc.symbol)),
          ...(await idsOf(db, 'contract_positions', eth.symbol)),
        ];
        expect(new Set(positions).size).toBe(positions.length);
        expect(positions).toHaveLength(4);
        // Each market's fees in its own shard of the account: neither writer locks the other's row.
        const fees = await sql<{ shard: string }>`
          select shard from ledger_accounts where system_name = 'fees' order by shard`.execute(db);
        expect(fees.rows.map((row) => row.shard)).toEqual([btc.symbol, eth.symbol]);

        // The market held by the other engine: refused here, nothing written.
        await expect(
          first.open(limit(taker, eth, 'buy', 300_010, 1_000)).catch(refusal),
        ).resolves.toBe('engine_unavailable');
        expect(await idsOf(db, 'contract_orders', eth.symbol)).toHaveLength(21);

        // ETH moves to the first engine: it goes on from the book the second committed.
        await second.release([eth.symbol]);
        expect(second.holds(eth.symbol)).toBe(false);
        expect(second.state.ordersOf(maker).some((order) => order.symbol === eth.symbol)).toBe(
          false,
        );
        await first.hold([eth.symbol]);
        expect(first.book(eth.symbol)?.bestAsk()).toBe(300_010);
        const crossing = await first.open(limit(taker, eth, 'buy', 300_010, 1_000));
        expect(crossing.status).toBe('filled');
        const ethOrders = await idsOf(db, 'contract_orders', eth.symbol);
        // Taken after every id the other engine gave out: the market's ids keep rising.
        expect(ethOrders.at(-1)).toBe(crossing.id);
        expect(Math.max(...orders)).toBeLessThan(crossing.id);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );

    it.skipIf(skip)(
      'runs a batch that needs more ids than were at hand again, with more, once',
      async () => {
        const { db } = opened();
        const engine = await readyContractMarkets(db, [
          { market: btc, mark: marks.get(btc.symbol) ?? 0n },
        ]);
        const [provider] = await fundedUsers(db, 1, [
          { wallet: 'contract', asset: 'USDT', amount: 10_000_000n * usdt },
        ]);
        if (provider === undefined) throw new Error('no provider');
        // 2,000 bids a cent apart under the mark: more orders than the ids a first reservation takes.
        const quotes: Quote[] = Array.from({ length: 2_000 }, (_, i) => ({
          side: 'buy',
          price: 9_990_000 - i,
          quantity: 100,
        }));
        const resting = await engine.requote(provider, btc.symbol, quotes, 10, null);
        expect(resting).toHaveLength(2_000);
        expect(new Set(resting).size).toBe(2_000);
        const { rows } = await sql<{ id: string }>`
        select id::text from contract_orders where user_id = ${provider} order by id`.execute(db);
        expect(rows.map((row) => Number(row.id))).toEqual([...resting].sort((a, b) => a - b));
        expect(engine.book(btc.symbol)?.bestBid()).toBe(9_990_000);
        expect(await auditLedger(db)).toEqual([]);
      },
      120_000,
    );
  },
);
