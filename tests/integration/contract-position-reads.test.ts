// The positions answer read from the database alone (server/contract/position-reads.ts) against
// the one GET /contract/positions gives from the engine's memory, on both databases: the same
// views, backing and liquidation price included, for cross and isolated positions in two markets,
// after the marks move, a partial close and an isolated margin added; with a symbol, for a user
// without positions, and with a market left out. A property test runs random opens, closes and
// mark moves and compares the two after each.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import type { ContractEngine } from '../../server/contract/contract-engine.ts';
import type { ContractMarket } from '../../server/contract/contract-markets.ts';
import { positionView } from '../../server/contract/contract-views.ts';
import { positionsRead } from '../../server/contract/position-reads.ts';
import { walletTotal } from '../../server/contract/wallet-total.ts';
import type { Db } from '../../server/db/database.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { databaseOn, eachDatabase } from '../support/each-database.ts';
import { perpetual } from '../support/perpetuals.ts';
import { readyContractMarkets } from '../support/ready-writers.ts';
import { usdt } from '../support/writer-case.ts';
import { fundedUsers } from '../support/writer-fixtures.ts';

const btc = perpetual('BTCUSDT');
const eth = perpetual('ETHUSDT');
const btcMark = 100_000n * usdt;
const ethMark = 3_000n * usdt;
/** Where the makers rest, in the markets' units (prices with two decimals). */
const quotes = new Map([
  [btc.symbol, { ask: 10_000_000, bid: 9_950_000 }],
  [eth.symbol, { ask: 300_000, bid: 298_500 }],
]);

function setMark(engine: ContractEngine, market: ContractMarket, price: bigint): void {
  engine.marks.set(market.symbol, { price, at: new Date(), fresh: true });
}

interface Terms {
  leverage?: number;
  marginMode?: 'cross' | 'isolated';
  reduceOnly?: boolean;
}

/** A limit order in the market's units (BTC quantities with five decimals, ETH four). */
function order(
  userId: number,
  market: ContractMarket,
  side: 'buy' | 'sell',
  price: number,
  quantity: number,
  { leverage = 10, marginMode = 'cross', reduceOnly = false }: Terms = {},
): NewContractOrder {
  const { symbol } = market;
  return {
    userId,
    symbol,
    side,
    type: 'limit',
    price,
    quantity,
    leverage,
    marginMode,
    reduceOnly,
    purpose: 'user',
  };
}

/** An order that crosses the makers' quotes at once. */
function taking(
  userId: number,
  market: ContractMarket,
  side: 'buy' | 'sell',
  quantity: number,
  terms: Terms = {},
) {
  const quote = quotes.get(market.symbol);
  if (!quote) throw new Error(`no quotes in ${market.symbol}`);
  return order(userId, market, side, side === 'buy' ? quote.ask : quote.bid, quantity, terms);
}

/** A maker resting deep at the quotes on both sides of both markets. */
async function restMaker(engine: ContractEngine, maker: number): Promise<void> {
  for (const market of [btc, eth]) {
    const quote = quotes.get(market.symbol);
    if (!quote) throw new Error(`no quotes in ${market.symbol}`);
    await engine.open(order(maker, market, 'sell', quote.ask, 20_000));
    await engine.open(order(maker, market, 'buy', quote.bid, 20_000));
  }
}

/** The answer from memory, computed exactly as the route in server/contract/contract-routes.ts. */
async function fromMemory(db: Db, engine: ContractEngine, userId: number, symbol?: string) {
  const total = await walletTotal(db, userId);
  return engine.state
    .positionsOf(userId)
    .filter((position) => symbol === undefined || position.symbol === symbol)
    .sort((a, b) => a.id - b.id)
    .flatMap((position) => {
      const market = engine.markets.get(position.symbol);
      if (!market) return [];
      const backing = engine.backingOf(position, total) ?? position.margin;
      return [positionView(position, market, engine.marks.latest(position.symbol), backing)];
    });
}

function fromDatabase(db: Db, engine: ContractEngine, userId: number, symbol?: string) {
  return positionsRead(db, engine.markets, userId, symbol, (s) => engine.marks.latest(s));
}

/** Both answers for each user: they must be equal. */
async function expectAgree(
  db: Db,
  engine: ContractEngine,
  users: readonly number[],
  symbol?: string,
) {
  for (const user of users) {
    const memory = await fromMemory(db, engine, user, symbol);
    expect(await fromDatabase(db, engine, user, symbol)).toEqual(memory);
  }
}

const symbols = (list: readonly ContractPosition[]) => list.map((position) => position.symbol);

describe.each(await eachDatabase())(
  'the positions answer from the database, on %s',
  (...databaseCase) => {
    const { skip, opened } = databaseOn(databaseCase);

    it.skipIf(skip)(
      'agrees with the memory answer across markets and margin modes, as marks move and positions change',
      async () => {
        const { db } = opened();
        const engine = await readyContractMarkets(db, [
          { market: btc, mark: btcMark },
          { market: eth, mark: ethMark },
        ]);
        const [maker] = await fundedUsers(db, 1, [
          { wallet: 'contract', asset: 'USDT', amount: 1_000_000n * usdt },
        ]);
        const [a, b, c, idle] = await fundedUsers(db, 4, [
          { wallet: 'contract', asset: 'USDT', amount: 400n * usdt },
        ]);
        if (
          maker === undefined ||
          a === undefined ||
          b === undefined ||
          c === undefined ||
          idle === undefined
        ) {
          throw new Error('no users');
        }
        await restMaker(engine, maker);
        // a: cross in both markets, and a resting cross order; b: isolated BTC with a resting
        // isolated order (its hold), cross ETH short; c: cross BTC short, isolated ETH.
        await engine.open(taking(a, btc, 'buy', 1_000));
        await engine.open(taking(a, eth, 'buy', 2_000, { leverage: 20 }));
        expect(
          (await engine.open(order(a, eth, 'buy', 290_000, 500, { leverage: 20 }))).status,
        ).toBe('open');
        await engine.open(taking(b, btc, 'buy', 500, { leverage: 5, marginMode: 'isolated' }));
        const resting = await engine.open(
          order(b, btc, 'buy', 9_800_000, 200, { leverage: 5, marginMode: 'isolated' }),
        );
        expect(resting.status).toBe('open');
        await engine.open(taking(b, eth, 'sell', 1_000));
        await engine.open(taking(c, btc, 'sell', 800));
        await engine.open(taking(c, eth, 'buy', 1_000, { marginMode: 'isolated' }));
        const users = [maker, a, b, c, idle];

        await expectAgree(db, engine, users);
        const both = await fromDatabase(db, engine, a);
        expect(symbols(both)).toEqual([btc.symbol, eth.symbol]);
        // Wallets small enough that every position, cross ones too, has a liquidation price.
        for (const user of [a, b, c]) {
          const prices = (await fromDatabase(db, engine, user)).map((p) => p.liquidation_price);
          expect(prices).toHaveLength(2);
          expect(prices).not.toContain(null);
        }

        setMark(engine, btc, 97_000n * usdt);
        setMark(engine, eth, 3_150n * usdt);
        await expectAgree(db, engine, users);

        // With a symbol: only that market's position, on the same backing.
        await expectAgree(db, engine, users, eth.symbol);
        expect(symbols(await fromDatabase(db, engine, a, eth.symbol))).toEqual([eth.symbol]);
        expect(await fromDatabase(db, engine, a, 'SOLUSDT')).toEqual([]);
        expect(await fromDatabase(db, engine, idle)).toEqual([]);

        // A partial close (a's BTC long halved, reduce-only) and an isolated margin added.
        expect((await engine.open(taking(a, btc, 'sell', 500, { reduceOnly: true }))).status).toBe(
          'filled',
        );
        const [isolated] = await fromDatabase(db, engine, b, btc.symbol);
        if (!isolated) throw new Error('b has no BTC position');
        await engine.margin({
          userId: b,
          positionId: isolated.id,
          action: 'add',
          amount: 50n * usdt,
        });
        await expectAgree(db, engine, users);
        expect((await fromDatabase(db, engine, a, btc.symbol))[0]?.quantity).toBe('0.00500');

        // A market left out: neither its positions nor their part of the backing, as the memory of
        // an engine over the other market alone (c holds no order in the market left out).
        const btcOnly = await readyContractMarkets(db, [{ market: btc, mark: 97_000n * usdt }]);
        for (const user of [a, c]) {
          const alone = await positionsRead(db, btcOnly.markets, user, undefined, (s) =>
            btcOnly.marks.latest(s),
          );
          expect(symbols(alone)).toEqual([btc.symbol]);
          expect(alone).toEqual(await fromMemory(db, btcOnly, user));
        }
      },
      120_000,
    );

    /** Each trader's leverage and margin mode in each market, kept for the run (else refused). */
    const settings = fc.array(
      fc.record({
        leverage: fc.constantFrom(5, 10, 20),
        marginMode: fc.constantFrom('cross' as const, 'isolated' as const),
      }),
      { minLength: 4, maxLength: 4 },
    );
    type Step =
      | {
          kind: 'order';
          trader: number;
          market: 'btc' | 'eth';
          side: 'buy' | 'sell';
          lots: number;
          reduceOnly: boolean;
          /** Rests 1 % behind the makers' quote instead of taking it (an isolated one holds). */
          rests: boolean;
        }
      | { kind: 'mark'; market: 'btc' | 'eth'; ppm: number };
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('order' as const),
        trader: fc.integer({ min: 0, max: 1 }),
        market: fc.constantFrom('btc' as const, 'eth' as const),
        side: fc.constantFrom('buy' as const, 'sell' as const),
        lots: fc.integer({ min: 1, max: 6 }),
        reduceOnly: fc.boolean(),
        rests: fc.boolean(),
      }),
      // Within 3 % of the first marks: the makers' quotes stay inside the 5 % band.
      fc.record({
        kind: fc.constant('mark' as const),
        market: fc.constantFrom('btc' as const, 'eth' as const),
        ppm: fc.integer({ min: -30_000, max: 30_000 }),
      }),
    );

    it.skipIf(skip)(
      'agrees with the memory answer after every step of random opens, closes and mark moves',
      async () => {
        const { db } = opened();
        const engine = await readyContractMarkets(db, [
          { market: btc, mark: btcMark },
          { market: eth, mark: ethMark },
        ]);
        /** Every run's maker: a later run's orders may fill against an earlier one's. */
        const makers: number[] = [];
        let filled = 0;
        const run = fc.tuple(settings, fc.array(step, { minLength: 1, maxLength: 10 }));
        await fc.assert(
          fc.asyncProperty(run, async ([terms, steps]) => {
            setMark(engine, btc, btcMark);
            setMark(engine, eth, ethMark);
            const [maker] = await fundedUsers(db, 1, [
              { wallet: 'contract', asset: 'USDT', amount: 100_000n * usdt },
            ]);
            const traders = await fundedUsers(db, 2, [
              { wallet: 'contract', asset: 'USDT', amount: 300n * usdt },
            ]);
            if (maker === undefined) throw new Error('no maker');
            makers.push(maker);
            await restMaker(engine, maker);
            for (const next of steps) {
              const market = next.market === 'btc' ? btc : eth;
              if (next.kind === 'mark') {
                const first = next.market === 'btc' ? btcMark : ethMark;
                setMark(engine, market, first + (first * BigInt(next.ppm)) / 1_000_000n);
              } else {
                const trader = traders[next.trader] as number;
                const own = terms[next.trader * 2 + (next.market === 'btc' ? 0 : 1)];
                // BTC lots of 0.001, ETH lots of 0.01.
                const sent = taking(trader, market, next.side, next.lots * 100, {
                  ...own,
                  reduceOnly: next.reduceOnly,
                });
                if (next.rests && sent.price !== null) {
                  sent.price = Math.round(sent.price * (next.side === 'buy' ? 0.99 : 1.01));
                }
                // Refusals (nothing to reduce, too little margin) change nothing and are part of
                // the run.
                await engine.open(sent).then(
                  (answer) => {
                    if (answer.status === 'filled') filled++;
                  },
                  (error: unknown) => {
                    if (!(error instanceof BusinessError)) throw error;
                  },
                );
              }
              await expectAgree(db, engine, [...makers, ...traders]);
            }
          }),
          { numRuns: 12 },
        );
        expect(filled).toBeGreaterThan(0);
      },
      120_000,
    );
  },
);
