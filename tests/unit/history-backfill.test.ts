// The planning of the simulated history at start and the bending of older minutes onto it: the
// minutes kept in memory start at a UTC midnight a day or more back, and the older minutes end
// exactly where they begin, still opening at the stored close after a restart.
import { describe, expect, it } from 'vitest';
import type { Candle } from '../../core/market/candle.ts';
import { marketsFor } from '../../server/market/catalog.ts';
import { seededNoise } from '../../server/market/feeds/noise.ts';
import { SimulatedFeed } from '../../server/market/feeds/simulated-feed.ts';
import {
  bendTo,
  continuesStored,
  missingMinutes,
  planHistory,
} from '../../server/market/history-backfill.ts';
import { MarketState } from '../../server/market/market-state.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;
const now = Date.parse('2026-03-10T15:37:20Z');
const liveFrom = Date.parse('2026-03-10T15:37:00Z');
const [spec] = marketsFor(['BTC']);
if (!spec) throw new Error('no BTC market');
const feed = new SimulatedFeed({
  noise: seededNoise(5),
  markets: [spec],
  scheduler: { now: () => now } as never,
});
const state = () => new MarketState(spec, feed.name);

describe('planning the history at start', () => {
  it('on a fresh database keeps the minutes from the midnight a day or more back', () => {
    const plan = planHistory({ feed, state: state(), stored: new Map(), now, historyDays: 30 });
    expect(plan.junction).toBe(Date.parse('2026-03-09T00:00:00Z'));
    expect(plan.from).toBe(liveFrom - 30 * dayMs);
    expect(plan.recent).toHaveLength((liveFrom - plan.junction) / minuteMs);
    expect(plan.recent[0]?.o).toBe(feed.referenceTicks(spec.symbol));
    expect(continuesStored(plan)).toBe(false);
    expect(missingMinutes(plan)).toBe(30 * 1440);
  });

  it('after a short stop draws every missing minute at start, after the stored one', () => {
    const stored: Candle = { t: liveFrom - 5 * minuteMs, o: 10, h: 12, l: 9, c: 11, v: 3, q: 33 };
    const plan = planHistory({
      feed,
      state: state(),
      stored: new Map([['1m', stored]]),
      now,
      historyDays: 30,
    });
    expect(continuesStored(plan)).toBe(true);
    expect(plan.recent.map((minute) => minute.t)).toEqual(
      [4, 3, 2, 1].map((k) => liveFrom - k * minuteMs),
    );
    expect(plan.recent[0]?.o).toBe(11);
  });

  it('draws nothing when the stored minutes reach the current one', () => {
    const stored: Candle = { t: liveFrom, o: 10, h: 12, l: 9, c: 11, v: 3, q: 33 };
    const plan = planHistory({
      feed,
      state: state(),
      stored: new Map([['1m', stored]]),
      now,
      historyDays: 30,
    });
    expect(missingMinutes(plan)).toBe(0);
    expect(continuesStored(plan)).toBe(true);
  });
});

describe('bending older minutes onto the ones drawn at start', () => {
  const minutes = feed.history(spec.symbol, liveFrom - 3 * dayMs, liveFrom - dayMs, 9_000_000);

  const wellFormed = (bent: readonly Candle[]) => {
    bent.forEach((minute, i) => {
      expect(minute.h).toBeGreaterThanOrEqual(Math.max(minute.o, minute.c));
      expect(minute.l).toBeLessThanOrEqual(Math.min(minute.o, minute.c));
      expect(minute.l).toBeGreaterThan(0);
      if (i > 0) expect(minute.o).toBe(bent[i - 1]?.c);
    });
  };

  it('pinned at a stored close, starts there and ends at the close asked for', () => {
    const bent = bendTo(minutes, 8_000_000, true);
    expect(bent).toHaveLength(minutes.length);
    expect(bent[0]?.o).toBe(9_000_000);
    expect(bent.at(-1)?.c).toBe(8_000_000);
    expect(bent.map((minute) => minute.v)).toEqual(minutes.map((minute) => minute.v));
    wellFormed(bent);
  });

  it('free at the start, scales the whole walk by one factor', () => {
    const last = minutes.at(-1) as Candle;
    const bent = bendTo(minutes, last.c * 2, false);
    expect(bent.at(-1)?.c).toBe(last.c * 2);
    expect(bent[0]?.o).toBe(Math.round((minutes[0] as Candle).o * 2));
    wellFormed(bent);
  });
});
