// A chart's candles cross from the worker as updates of what changed and are built back into
// columns on the page: whatever the series does (ticks on the last candle, new candles, older
// history in front, a late candle in its place, a series fetched again), the page's columns equal
// the series converted whole, and a live tick sends only the candle it changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CandleTuple } from '../../core/projections/candles.ts';
import type { KlinePeriod } from '../../schemas/market-names.ts';
import { ChartSeries } from '../../src/chart/chart-series.ts';
import type { ChartUpdate, ChartView } from '../../workers/facade.ts';
import { ChartColumns } from '../../workers/market/chart-columns.ts';

const minute = 60_000;
const candle = (time: number, close: number): CandleTuple => [
  time,
  String(close),
  String(close + 1),
  String(close - 1),
  String(close),
  '2.5',
];
const header = {
  symbol: 'BTCUSDT',
  period: '1m' as KlinePeriod,
  priceScale: 2,
  hasOlder: true,
  loading: false,
  feed: 'simulated',
  simulated: true,
};

function whole(rows: readonly CandleTuple[]) {
  const column = (at: number) => Float64Array.from(rows, (row) => Number(row[at]));
  return {
    time: column(0),
    open: column(1),
    high: column(2),
    low: column(3),
    close: column(4),
    volume: column(5),
  };
}

const columnsOf = (view: ChartView) => ({
  time: view.time,
  open: view.open,
  high: view.high,
  low: view.low,
  close: view.close,
  volume: view.volume,
});

type Step =
  | { kind: 'tick'; close: number }
  | { kind: 'append'; count: number }
  | { kind: 'older'; count: number }
  | { kind: 'late'; at: number }
  | { kind: 'another'; count: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), close: fc.integer({ min: 1, max: 9999 }) }),
  fc.record({ kind: fc.constant('append' as const), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('older' as const), count: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('late' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('another' as const), count: fc.integer({ min: 0, max: 40 }) }),
);

function next(rows: readonly CandleTuple[], change: Step, base: number): CandleTuple[] {
  const first = rows[0]?.[0] ?? base;
  const last = rows.at(-1)?.[0] ?? base - minute;
  switch (change.kind) {
    case 'tick':
      return rows.length === 0
        ? [candle(base, change.close)]
        : [...rows.slice(0, -1), candle(last, change.close)];
    case 'append':
      return [
        ...rows,
        ...Array.from({ length: change.count }, (_, i) => candle(last + (i + 1) * minute, i + 5)),
      ];
    case 'older':
      return [
        ...Array.from({ length: change.count }, (_, i) =>
          candle(first - (change.count - i) * minute, i + 7),
        ),
        ...rows,
      ];
    case 'late': {
      // A candle missed live, put in its place between two others (a second after the earlier).
      if (rows.length === 0) return [...rows];
      const at = change.at % rows.length;
      const time = (rows[at] as CandleTuple)[0] + 1000;
      if (rows[at + 1] !== undefined && (rows[at + 1] as CandleTuple)[0] <= time) return [...rows];
      return [...rows.slice(0, at + 1), candle(time, 42), ...rows.slice(at + 1)];
    }
    case 'another':
      // The same first candle's time, other candles: a new page of the series, fetched again.
      return Array.from({ length: change.count }, (_, i) => candle(base + i * minute, i + 3));
  }
}

describe('a chart built from updates', () => {
  it('equals the series converted whole after every update', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const worker = new ChartColumns();
        const page = new ChartSeries();
        let rows: CandleTuple[] = [];
        const base = 1_700_000_000_000;
        for (const change of [{ kind: 'append', count: 5 } as Step, ...steps]) {
          rows = next(rows, change, base);
          const update: ChartUpdate = { ...header, ...worker.update(rows) };
          const view = page.apply(update);
          expect(columnsOf(view)).toEqual(whole(rows));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sends a live tick as the candle it changed only', () => {
    const worker = new ChartColumns();
    const rows = Array.from({ length: 50_000 }, (_, i) => candle(i * minute, 100 + (i % 50)));
    expect(worker.update(rows)).toMatchObject({ from: 0, length: 50_000 });
    const ticked = [...rows.slice(0, -1), candle(49_999 * minute, 123)];
    const update = worker.update(ticked);
    expect(update).toMatchObject({ from: 49_999, length: 50_000 });
    expect(update.close).toEqual(Float64Array.from([123]));
  });

  it('refuses an update that does not follow what the page has', () => {
    const page = new ChartSeries();
    const empty = new Float64Array(0);
    const gap: ChartUpdate = {
      ...header,
      from: 3,
      length: 3,
      time: empty,
      open: empty,
      high: empty,
      low: empty,
      close: empty,
      volume: empty,
    };
    expect(() => page.apply(gap)).toThrow(/from candle 3/);
  });
});
