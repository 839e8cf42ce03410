// The simulated feed: deterministic for a seed, unrepeatable on the secure source, plausible, and
// continuous across a restart.
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../core/market/units.ts';
import { marketsFor } from '../../server/market/catalog.ts';
import type { FeedListener } from '../../server/market/feed.ts';
import { type NoiseSource, secureNoise, seededNoise } from '../../server/market/feeds/noise.ts';
import { SimulatedFeed } from '../../server/market/feeds/simulated-feed.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

const markets = marketsFor(['BTC', 'DOGE']);
const day = 86_400_000;
const start = Date.UTC(2026, 9, 1);

function recorder() {
  const calls: { kind: string; symbol: string; args: unknown[] }[] = [];
  const listener: FeedListener = {
    price: (symbol, ...args) => calls.push({ kind: 'price', symbol, args }),
    trade: (symbol, ...args) => calls.push({ kind: 'trade', symbol, args }),
    depth: (symbol, ...args) => calls.push({ kind: 'depth', symbol, args }),
  };
  return { calls, listener };
}

describe('simulated feed', () => {
  it('is labelled simulated, and predictable only on a seeded source', () => {
    const seeded = new SimulatedFeed({
      noise: seededNoise(1),
      markets,
      scheduler: new FakeScheduler(),
    });
    expect(seeded).toMatchObject({ name: 'simulated', simulated: true, predictable: true });
    const secure = new SimulatedFeed({
      noise: secureNoise(),
      markets,
      scheduler: new FakeScheduler(),
    });
    expect(secure).toMatchObject({ name: 'simulated', simulated: true, predictable: false });
  });

  it('draws the same history for the same seed, and another for another seed', () => {
    const draw = (seed: number) =>
      new SimulatedFeed({
        noise: seededNoise(seed),
        markets,
        scheduler: new FakeScheduler(),
      }).history('BTCUSDT', start, start + day, 9_700_000);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('draws other history on every call from the secure source', () => {
    const feed = new SimulatedFeed({
      noise: secureNoise(),
      markets,
      scheduler: new FakeScheduler(),
    });
    const draw = () => feed.history('BTCUSDT', start, start + 60 * 60_000, 9_700_000);
    expect(draw()).not.toEqual(draw());
  });

  it('draws consistent candles that continue each other over thirty days', () => {
    const feed = new SimulatedFeed({
      noise: seededNoise(3),
      markets,
      scheduler: new FakeScheduler(),
    });
    const candles = feed.history('DOGEUSDT', start, start + 30 * day, 32_000);
    expect(candles).toHaveLength(30 * 1440);
    const broken = candles.filter(
      (candle, i) =>
        candle.l <= 0 ||
        candle.l > Math.min(candle.o, candle.c) ||
        candle.h < Math.max(candle.o, candle.c) ||
        candle.v <= 0 ||
        (i > 0 && candle.o !== candles[i - 1]?.c),
    );
    expect(broken).toEqual([]);
    // Thirty days at DOGE's volatility: moved, but not absurdly.
    const last = candles.at(-1)?.c ?? 0;
    expect(last).toBeGreaterThan(32_000 / 3);
    expect(last).toBeLessThan(32_000 * 3);
    expect(new Set(candles.map((candle) => candle.c)).size).toBeGreaterThan(1000);
  });

  it('draws consistent minutes from the secure source too', () => {
    const feed = new SimulatedFeed({
      noise: secureNoise(),
      markets,
      scheduler: new FakeScheduler(),
    });
    const candles = feed.history('BTCUSDT', start, start + 2 * day, 9_700_000);
    expect(candles).toHaveLength(2 * 1440);
    const broken = candles.filter(
      (candle, i) =>
        candle.l <= 0 ||
        candle.l > Math.min(candle.o, candle.c) ||
        candle.h < Math.max(candle.o, candle.c) ||
        candle.v <= 0 ||
        (i > 0 && candle.o !== candles[i - 1]?.c),
    );
    expect(broken).toEqual([]);
  });

  it('keeps a book level resting between steps on the secure source, as on a seeded one', () => {
    const scheduler = new FakeScheduler(start);
    // The price holds still, so the book's grid and each level's distance from the top stay put
    // (a level's size also grows with that distance): what changes is only what the source draws.
    const secure = secureNoise();
    const still: NoiseSource = {
      predictable: false,
      uniform: () => 0.5,
      normal: () => 0,
      held: (stream, index) => secure.held(stream, index),
    };
    const feed = new SimulatedFeed({ noise: still, markets, scheduler });
    const { calls, listener } = recorder();
    feed.start(listener);
    scheduler.advance(2_000);
    feed.stop();
    const books = calls
      .filter((c) => c.kind === 'depth' && c.symbol === 'BTCUSDT')
      .map(
        (c) =>
          new Map([...(c.args[1] as [string, string][]), ...(c.args[2] as [string, string][])]),
      );
    const [first, second] = books as [Map<string, string>, Map<string, string>];
    // Levels live three to nine seconds: from one step to the next most keep their quantity.
    const shared = [...first].filter(([price]) => second.has(price));
    const kept = shared.filter(([price, quantity]) => second.get(price) === quantity);
    expect(shared.length).toBeGreaterThan(20);
    expect(kept.length).toBeGreaterThan(shared.length / 2);
  });

  it('steps once a second from where it resumed: trades walk to the new price, a book straddles it', () => {
    const scheduler = new FakeScheduler(start);
    const feed = new SimulatedFeed({ noise: seededNoise(5), markets, scheduler });
    feed.resume('BTCUSDT', 9_700_000);
    const { calls, listener } = recorder();
    feed.start(listener);
    scheduler.advance(10_000);
    const prices = calls.filter((c) => c.kind === 'price' && c.symbol === 'BTCUSDT');
    expect(prices).toHaveLength(10);
    const trades = calls.filter((c) => c.kind === 'trade' && c.symbol === 'BTCUSDT');
    expect(trades.length).toBeGreaterThanOrEqual(10);
    for (const trade of trades) {
      const [price, quantity, side] = trade.args as [string, string, string];
      expect(toUnits(price, 2)).toBeGreaterThan(9_000_000);
      expect(toUnits(quantity, 5)).toBeGreaterThan(0);
      expect(['buy', 'sell']).toContain(side);
    }
    const lastPrice = toUnits((prices.at(-1)?.args[0] as string) ?? '', 2) ?? 0;
    const book = calls.filter((c) => c.kind === 'depth' && c.symbol === 'BTCUSDT').at(-1);
    const [kind, bids, asks] = (book?.args ?? []) as [
      string,
      [string, string][],
      [string, string][],
    ];
    expect(kind).toBe('snapshot');
    expect(bids).toHaveLength(20);
    expect(toUnits(bids[0]?.[0] ?? '', 2)).toBeLessThan(lastPrice);
    expect(toUnits(asks[0]?.[0] ?? '', 2)).toBeGreaterThanOrEqual(lastPrice);
    feed.stop();
    scheduler.advance(5_000);
    expect(calls.filter((c) => c.kind === 'price' && c.symbol === 'BTCUSDT')).toHaveLength(10);
  });
});
