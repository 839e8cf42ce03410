// The public spot book over the bus: each committed change a writer's node publishes reaches the
// market data's node and leaves its market's state as applying it there would, trades before the
// levels; a rebuilt book's snapshot replaces the book; a change from an older lease epoch, for a
// market not listed, or malformed changes nothing; a book too deep for one message still arrives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Bus } from '../../server/bus/bus.ts';
import { listen } from '../../server/bus/bus-messages.ts';
import { type MarketSpec, marketsFor } from '../../server/market/catalog.ts';
import type { UnitLevel } from '../../server/market/depth-book.ts';
import { MarketState, type UnitTrade } from '../../server/market/market-state.ts';
import {
  followSpotBooks,
  itemsPerMessage,
  publishSpotBook,
  type SpotBookChange,
  spotBookSubject,
} from '../../server/spot/book-relay.ts';
import { jsonBus } from '../support/json-bus.ts';

const spec = onlyMarket(marketsFor(['BTC']));

function onlyMarket([spec]: MarketSpec[]): MarketSpec {
  if (!spec) throw new Error('no BTC market');
  return spec;
}

/** A market's state that notes the order of what the exchange's book does to it. */
class NotingState extends MarketState {
  readonly calls: string[] = [];
  override exchangeTrade(trade: UnitTrade): void {
    this.calls.push('trade');
    super.exchangeTrade(trade);
  }
  override exchangeDepth(
    kind: 'snapshot' | 'update',
    bids: readonly UnitLevel[],
    asks: readonly UnitLevel[],
  ): void {
    this.calls.push(kind);
    super.exchangeDepth(kind, bids, asks);
  }
}

/** A writer's node and the market data's node on one bus, the latter listing BTCUSDT. */
function cluster() {
  const bus = jsonBus();
  const warnings: string[] = [];
  const log = { warn: (_: object, message: string) => void warnings.push(message) };
  const state = new NotingState(spec, 'simulated');
  const stop = followSpotBooks(
    bus,
    { market: (symbol) => (symbol === spec.symbol ? state : undefined) },
    log,
  );
  const publish = (change: Omit<SpotBookChange, 'symbol'>) =>
    publishSpotBook(bus, { symbol: 'BTCUSDT', ...change }, log);
  return { bus, state, warnings, log, publish, stop };
}

/** A side's levels written as quantity by price, `{ 100: 5, 99: 2 }`. */
type Levels = Record<number, number>;

const levelsOf = (levels: Levels) =>
  Object.entries(levels).map(([price, quantity]): UnitLevel => [Number(price), quantity]);

/** Every level of the state's book once what changed is published, as quantity by price. */
function bookOf(state: MarketState): { bids: Levels; asks: Levels } {
  state.book.publish();
  const { bids, asks } = state.book.snapshot(Number.MAX_SAFE_INTEGER);
  return { bids: Object.fromEntries(bids), asks: Object.fromEntries(asks) };
}

const change = (
  epoch: number,
  kind: SpotBookChange['kind'],
  bids: Levels,
  asks: Levels,
  trades: UnitTrade[] = [],
) => ({ epoch, kind, bids: levelsOf(bids), asks: levelsOf(asks), trades });

const trade = (price: number, ts: number, side: 'buy' | 'sell' = 'buy'): UnitTrade => ({
  price,
  quantity: 3,
  side,
  ts,
});

describe('the spot book over the bus', () => {
  it('applies an update to the book a snapshot began, and shows the exchange book from then on', () => {
    const { state, publish, warnings, stop } = cluster();
    state.trade(trade(99, 1));
    expect(state.exchangeBook).toBe(false);
    publish(change(1, 'snapshot', { 100: 5, 99: 2 }, { 101: 4 }));
    expect(state.exchangeBook).toBe(true);
    // The feed's trades made way for the exchange's own.
    expect(state.recentTrades(10)).toEqual([]);
    publish(change(1, 'update', { 100: 0, 98: 7 }, { 101: 1, 102: 9 }));
    expect(bookOf(state)).toEqual({ bids: { 99: 2, 98: 7 }, asks: { 101: 1, 102: 9 } });
    expect(warnings).toEqual([]);
    stop();
  });

  it('replaces the whole book with a snapshot', () => {
    const { state, publish, stop } = cluster();
    publish(change(1, 'update', { 100: 5, 99: 2 }, { 101: 4, 103: 1 }));
    publish(change(1, 'snapshot', { 97: 1 }, { 104: 6 }));
    expect(bookOf(state)).toEqual({ bids: { 97: 1 }, asks: { 104: 6 } });
    stop();
  });

  it('records the trades in order, before the levels, newest first in the recent trades', () => {
    const { state, publish, stop } = cluster();
    const trades = [trade(101, 10), trade(100, 11, 'sell'), trade(102, 12)];
    publish(change(1, 'update', { 100: 0 }, { 101: 0, 102: 0 }, trades));
    expect(state.recentTrades(10)).toEqual([...trades].reverse());
    expect(state.recentTrades(1)).toEqual([trades[2]]);
    expect(state.calls).toEqual(['trade', 'trade', 'trade', 'update']);
    stop();
  });

  it('drops a change from an older epoch, its trades with it, and takes a newer snapshot', () => {
    const { state, publish, stop } = cluster();
    publish(change(4, 'snapshot', { 100: 5 }, { 101: 4 }));
    const before = bookOf(state);
    // The node the lease moved away from is still committing.
    publish(change(3, 'update', { 100: 0 }, { 101: 9 }, [trade(101, 20)]));
    publish(change(3, 'snapshot', { 50: 1 }, {}, [trade(50, 21)]));
    expect(bookOf(state)).toEqual(before);
    expect(state.recentTrades(10)).toEqual([]);
    // The node holding it now: its rebuilt book, then its commits.
    publish(change(5, 'snapshot', { 99: 3 }, { 102: 2 }));
    publish(change(5, 'update', { 98: 1 }, {}, [trade(99, 22, 'sell')]));
    publish(change(4, 'update', { 99: 0 }, { 102: 0 }));
    expect(bookOf(state)).toEqual({ bids: { 99: 3, 98: 1 }, asks: { 102: 2 } });
    expect(state.recentTrades(10)).toEqual([trade(99, 22, 'sell')]);
    // A second snapshot at the same epoch (a rebuild by the same holder) still replaces the book.
    publish(change(5, 'snapshot', { 90: 1 }, {}));
    expect(bookOf(state)).toEqual({ bids: { 90: 1 }, asks: {} });
    stop();
  });

  it('ignores a market this node does not list', () => {
    const { bus, state, warnings, log, stop } = cluster();
    publishSpotBook(bus, { symbol: 'ETHUSDT', ...change(1, 'snapshot', { 1: 1 }, {}) }, log);
    expect(state.exchangeBook).toBe(false);
    expect(state.book.exists).toBe(false);
    expect(warnings).toEqual([]);
    stop();
  });

  it('refuses a malformed message without touching the state', () => {
    const { bus, state, warnings, stop } = cluster();
    const valid = {
      symbol: 'BTCUSDT',
      epoch: 1,
      kind: 'update',
      bids: [[100, 1]],
      asks: [],
      trades: [{ price: 100, quantity: 1, side: 'buy', ts: 1 }],
    };
    const tooMany = Array.from({ length: 10_001 }, (_, at): UnitLevel => [at + 1, 1]);
    const malformed: unknown[] = [
      null,
      'BTCUSDT',
      {},
      { ...valid, symbol: '' },
      { ...valid, symbol: 'B'.repeat(65) },
      { ...valid, epoch: -1 },
      { ...valid, epoch: '1' },
      { ...valid, epoch: 1.5 },
      { ...valid, kind: 'replace' },
      { ...valid, bids: [[100.5, 1]] },
      { ...valid, bids: [[100, -1]] },
      { ...valid, bids: [[100]] },
      { ...valid, bids: [[100, 1, 2]] },
      { ...valid, asks: [['101', 1]] },
      { ...valid, asks: [[2 ** 53, 1]] },
      { ...valid, asks: tooMany },
      { ...valid, trades: [{ price: 100, quantity: 1, side: 'hold', ts: 1 }] },
      { ...valid, trades: [{ price: 100, quantity: 1, side: 'buy' }] },
      { ...valid, trades: Array.from({ length: 10_001 }, () => valid.trades[0]) },
      { ...valid, trades: undefined },
    ];
    for (const message of malformed) {
      expect(() => bus.publish(spotBookSubject, message)).not.toThrow();
    }
    expect(warnings).toHaveLength(malformed.length);
    expect(state.calls).toEqual([]);
    expect(state.exchangeBook).toBe(false);
    expect(state.book.exists).toBe(false);
    expect(state.recentTrades(10)).toEqual([]);
    // The valid one, for contrast, is taken.
    bus.publish(spotBookSubject, valid);
    expect(bookOf(state)).toEqual({ bids: { 100: 1 }, asks: {} });
    stop();
  });

  it('brings a book deeper than one message whole, in messages a follower accepts', () => {
    const { bus, state, publish, warnings, log, stop } = cluster();
    publish(change(1, 'snapshot', { 1: 1 }, { 99999: 1 }));
    const sizes: number[] = [];
    const list = z.array(z.unknown());
    const counted = z.object({ bids: list, asks: list, trades: list });
    listen(bus, spotBookSubject, counted, log, ({ bids, asks, trades }) =>
      sizes.push(bids.length + asks.length + trades.length),
    );
    const bids = Array.from({ length: 12_000 }, (_, at): UnitLevel => [20_000 - at, at + 1]);
    const asks = Array.from({ length: 9_000 }, (_, at): UnitLevel => [30_000 + at, at + 2]);
    const trades = Array.from({ length: 6_000 }, (_, at) => trade(25_000, at));
    publish({ epoch: 2, kind: 'snapshot', bids, asks, trades });
    expect(sizes.every((size) => size <= itemsPerMessage)).toBe(true);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(27_000);
    expect(warnings).toEqual([]);
    expect(bookOf(state)).toEqual({
      bids: Object.fromEntries(bids),
      asks: Object.fromEntries(asks),
    });
    expect(state.recentTrades(3)).toEqual(trades.slice(-3).reverse());
    stop();
  });

  it('never throws into the writer when the bus fails, and says so', () => {
    const warnings: string[] = [];
    const failing: Bus = {
      ...jsonBus(),
      publish: () => {
        throw new Error('bus down');
      },
    };
    expect(() =>
      publishSpotBook(
        failing,
        { symbol: 'BTCUSDT', ...change(1, 'update', {}, {}) },
        { warn: (_, message) => void warnings.push(message) },
      ),
    ).not.toThrow();
    expect(warnings).toEqual(['spot book change not published']);
  });

  it('applies nothing once stopped', () => {
    const { state, publish, stop } = cluster();
    stop();
    publish(change(1, 'snapshot', { 100: 1 }, {}));
    expect(state.book.exists).toBe(false);
  });

  it('leaves the same book and trades as applying the changes directly', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 5 }));
    const changeOf = fc.record({
      kind: fc.constantFrom<SpotBookChange['kind']>('snapshot', 'update', 'update', 'update'),
      bids: fc.array(level, { maxLength: 8 }),
      asks: fc.array(level, { maxLength: 8 }),
      trades: fc.array(
        fc.record({
          price: fc.integer({ min: 1, max: 40 }),
          quantity: fc.integer({ min: 1, max: 9 }),
          side: fc.constantFrom<'buy' | 'sell'>('buy', 'sell'),
          ts: fc.nat(),
        }),
        { maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(fc.array(changeOf, { maxLength: 30 }), (changes) => {
        const { state, publish, stop } = cluster();
        const direct = new MarketState(spec, 'simulated');
        direct.useExchangeBook();
        for (const each of changes) {
          publish({ epoch: 7, ...each });
          for (const heard of each.trades) direct.exchangeTrade(heard);
          direct.exchangeDepth(each.kind, each.bids, each.asks);
        }
        expect(bookOf(state)).toEqual(bookOf(direct));
        expect(state.recentTrades(1_000)).toEqual(direct.recentTrades(1_000));
        stop();
      }),
    );
  });
});
