// The attack that once won every second contract, run against the feed a default server builds:
// take a window's opening index print, step it forward a minute with the server's own step function
// and the old public seed (1), and bet on the direction that gives. On the default feed (node:crypto)
// the guess is right no more often than chance; on a feed seeded with 1 it is right almost always,
// which shows the attack is the real one. Thousands of feed seconds on a simulated clock.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { toUnits } from '../../core/market/units.ts';
import { loadConfig } from '../../server/config.ts';
import { marketsFor } from '../../server/market/catalog.ts';
import { marketFeedsOf } from '../../server/market/create-market.ts';
import type { MarketFeed } from '../../server/market/feed.ts';
import { seededNoise } from '../../server/market/feeds/noise.ts';
import { modelMarketOf, secondStep } from '../../server/market/feeds/price-model.ts';
import { MarketState } from '../../server/market/market-state.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

const minute = 60_000;
/** Two hours of every default market: 8 × 125 one-minute windows. */
const windowMinutes = 125;
const start = Date.UTC(2026, 2, 2, 13, 0);
const oldPublicSeed = 1;
/** The payout rate of a one-minute contract (0.80) breaks even at 1 / 1.8 = 55.6 %. */
const chanceCeiling = 0.6;

interface Window {
  symbol: string;
  open: number;
  close: number;
  predicted: number;
}

/**
 * The index prints (ticks, by whole second) of every market while the feeds `env` names run for
 * `minutes`, each read from the market's own index as the print recorder reads it.
 */
function recordPrints(env: Record<string, string>, minutes: number) {
  const config = loadConfig(env);
  const markets = marketsFor(config.markets);
  const scheduler = new FakeScheduler(start - 1);
  const feeds = marketFeedsOf(config, markets, scheduler, pino({ level: 'silent' }));
  const states = new Map(markets.map((spec) => [spec.symbol, new MarketState(spec, 'feed')]));
  const prints = new Map<string, Map<number, number>>();
  for (const feed of feeds) {
    void feed.start({
      price: (symbol, price, ts) => {
        const state = states.get(symbol);
        const ticks = state && toUnits(price, state.spec.priceScale, true);
        if (!state || ticks === null || ticks === undefined) return;
        state.price(feed.name, ticks, ts);
        const reading = state.indexAt(ts);
        if (reading.price === null || reading.stale) return;
        const bySecond = prints.get(symbol) ?? new Map<number, number>();
        bySecond.set(ts, reading.price);
        prints.set(symbol, bySecond);
      },
      trade: () => undefined,
      depth: () => undefined,
    });
  }
  scheduler.advance(minutes * minute + 2000);
  for (const feed of feeds) void feed.stop();
  return { feeds, markets, prints };
}

/** Every one-minute window, its close predicted from its open by the seeded step function. */
function attack(recorded: ReturnType<typeof recordPrints>, minutes: number): Window[] {
  const guess = seededNoise(oldPublicSeed);
  const windows: Window[] = [];
  recorded.markets.forEach((spec, index) => {
    const model = modelMarketOf(spec, index);
    const bySecond = recorded.prints.get(spec.symbol);
    for (let m = 0; m < minutes; m++) {
      const openAt = start + m * minute;
      const open = bySecond?.get(openAt);
      const close = bySecond?.get(openAt + minute);
      if (open === undefined || close === undefined) continue;
      let predicted = open;
      for (let second = openAt / 1000 + 1; second <= (openAt + minute) / 1000; second++) {
        predicted = secondStep(guess, model, predicted, second);
      }
      windows.push({ symbol: spec.symbol, open, close, predicted });
    }
  });
  return windows;
}

/** The share of decided windows (close ≠ open; equal prices refund) whose direction was guessed. */
function hitRate(windows: readonly Window[]): { rate: number; decided: number } {
  const decided = windows.filter((window) => window.close !== window.open);
  const hits = decided.filter(
    (window) => window.predicted >= window.open === window.close > window.open,
  );
  return { rate: hits.length / decided.length, decided: decided.length };
}

function onlyFeed(feeds: readonly MarketFeed[]): MarketFeed {
  expect(feeds).toHaveLength(1);
  return feeds[0] as MarketFeed;
}

describe('predicting second-contract outcomes from public data', () => {
  it('is no better than chance on the feed a default server builds', () => {
    const recorded = recordPrints({}, windowMinutes);
    expect(onlyFeed(recorded.feeds)).toMatchObject({ name: 'simulated', predictable: false });
    const windows = attack(recorded, windowMinutes);
    expect(windows.length).toBeGreaterThanOrEqual(8 * windowMinutes);
    const { rate, decided } = hitRate(windows);
    expect(decided).toBeGreaterThanOrEqual(500);
    // 1,000 windows: chance is 50 % ± 1.6 %; 60 % is six standard errors above it.
    expect(rate).toBeLessThanOrEqual(chanceCeiling);
  });

  it('wins almost every window on a feed seeded with the old public seed', () => {
    const recorded = recordPrints({ MARKET_SEED: String(oldPublicSeed) }, windowMinutes);
    expect(onlyFeed(recorded.feeds)).toMatchObject({ name: 'simulated', predictable: true });
    const { rate, decided } = hitRate(attack(recorded, windowMinutes));
    expect(decided).toBeGreaterThanOrEqual(500);
    expect(rate).toBeGreaterThanOrEqual(0.9);
  });
});
