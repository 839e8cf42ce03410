// What the market lists show and how: section order, search, colours of a move, which rows
// redraw on a tick, order book bars and trade times.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameParams } from '../../src/app/use-view.ts';
import { depthPercent, depthRows } from '../../src/market/book-depth.ts';
import { filterRows, normaliseQuery, sectionRows } from '../../src/market/market-filter.ts';
import { changeDirection, sameRow, trendDirection } from '../../src/market/market-row.ts';
import { tradeTimeFormatter } from '../../src/market/trade-time.ts';
import type { BookRow, MarketRow } from '../../workers/facade.ts';

const row = (symbol: string, last = '1.00', trend: -1 | 0 | 1 = 0): MarketRow => [
  symbol,
  last,
  '2.00',
  '0.50',
  '+1.25%',
  '1.2B',
  trend,
];

const btc = row('BTCUSDT');
const eth = row('ETHUSDT');
const ethfi = row('ETHFIUSDT');
const sol = row('SOLUSDT');

describe('sectionRows', () => {
  it("shows the section's markets in its order, leaving out the others", () => {
    const rows = sectionRows([btc, eth, sol], ['SOLUSDT', 'BTCUSDT']);
    expect(rows.map(([symbol]) => symbol)).toEqual(['SOLUSDT', 'BTCUSDT']);
  });

  it('waits for a market whose first ticker has not arrived', () => {
    expect(sectionRows([btc], ['BTCUSDT', 'ETHUSDT'])).toEqual([btc]);
    expect(sectionRows([], ['BTCUSDT'])).toEqual([]);
  });
});

describe('filterRows', () => {
  const rows = [btc, eth, ethfi, sol];

  it('shows everything for an empty or blank search', () => {
    expect(filterRows(rows, '')).toBe(rows);
    expect(filterRows(rows, '  ')).toBe(rows);
  });

  it('matches part of the symbol, in any case', () => {
    expect(filterRows(rows, 'eth').map(([symbol]) => symbol)).toEqual(['ETHUSDT', 'ETHFIUSDT']);
  });

  it('matches the pair as it is written on screen', () => {
    expect(filterRows(rows, 'btc/usdt')).toEqual([btc]);
    expect(filterRows(rows, 'SOL-USDT')).toEqual([sol]);
  });

  it('finds nothing for a pair that is not listed', () => {
    expect(filterRows(rows, 'DOGE')).toEqual([]);
  });

  it('normalises the query to wire characters', () => {
    expect(normaliseQuery(' eth / usdt ')).toBe('ETHUSDT');
  });
});

describe('directions', () => {
  it('colours the last price by the last move', () => {
    expect(trendDirection(1)).toBe('up');
    expect(trendDirection(-1)).toBe('down');
    expect(trendDirection(0)).toBe('flat');
  });

  it.each([
    ['+1.25%', 'up'],
    ['1,25 %', 'up'],
    ['-0.40%', 'down'],
    ['\u2212 0,40 %', 'down'],
    ['\u200e-3.10%', 'down'],
    ['0.00%', 'flat'],
    ['+0,00 %', 'flat'],
    ['-0.00%', 'flat'],
    ['--', 'flat'],
  ])('reads the change %j as %s', (change, direction) => {
    expect(changeDirection(change)).toBe(direction);
  });
});

describe('sameRow', () => {
  it('is true for a copy with the same figures, as after crossing the worker boundary', () => {
    expect(sameRow(btc, [...btc] as unknown as MarketRow)).toBe(true);
  });

  it('is false when any figure moved', () => {
    expect(sameRow(btc, row('BTCUSDT', '1.01'))).toBe(false);
    expect(sameRow(btc, row('BTCUSDT', '1.00', 1))).toBe(false);
  });
});

describe('order book depth', () => {
  const bids: BookRow[] = [
    ['100', '1', 1, '100', '1'],
    ['99', '3', 4, '99', '3'],
  ];
  const asks: BookRow[] = [
    ['101', '2', 2, '101', '2'],
    ['102', '6', 8, '102', '6'],
  ];

  it('scales both sides against the deepest row shown', () => {
    const shown = depthRows(bids, asks);
    expect(shown.deepest).toBe(8);
    expect(depthPercent(4, shown.deepest)).toBe(50);
    expect(depthPercent(8, shown.deepest)).toBe(100);
  });

  it('only counts the rows it shows', () => {
    const shown = depthRows(bids, asks, 1);
    expect(shown.bids).toEqual([bids[0]]);
    expect(shown.asks).toEqual([asks[0]]);
    expect(shown.deepest).toBe(2);
  });

  it('draws no bar for an empty book or a bad number', () => {
    expect(depthRows([], []).deepest).toBe(0);
    expect(depthPercent(3, 0)).toBe(0);
    expect(depthPercent(Number.NaN, 5)).toBe(0);
    expect(depthPercent(9, 5)).toBe(100);
  });
});

describe('tradeTimeFormatter', () => {
  const at = Date.UTC(2024, 2, 1, 13, 5, 7);

  it('writes HH:MM:SS on a 24-hour clock', () => {
    expect(tradeTimeFormatter('en', 'UTC')(at)).toBe('13:05:07');
    expect(tradeTimeFormatter('en', 'UTC')(Date.UTC(2024, 2, 1, 0, 0, 5))).toBe('00:00:05');
  });

  it('follows the locale', () => {
    for (const locale of ['zh', 'de', 'fr', 'he', 'it', 'pt', 'es', 'pl']) {
      expect(tradeTimeFormatter(locale, 'UTC')(at), locale).toMatch(/^13.05.07$/);
    }
  });

  it('writes every moment as Intl does, however many it has written before', () => {
    const zones = ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Asia/Jerusalem'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.array(fc.integer({ min: 0, max: 4_102_444_800_000 }), { minLength: 1, maxLength: 600 }),
        (zone, moments) => {
          const time = tradeTimeFormatter('en', zone);
          const intl = new Intl.DateTimeFormat('en', {
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
            timeZone: zone,
          });
          // Each moment twice: once as new, once from what the formatter kept.
          for (const ts of [...moments, ...moments]) expect(time(ts)).toBe(intl.format(ts));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('sameParams', () => {
  it('treats parameters written anew each render as the same', () => {
    expect(
      sameParams({ symbol: 'BTCUSDT', period: '1m' }, { period: '1m', symbol: 'BTCUSDT' }),
    ).toBe(true);
    expect(sameParams(undefined, undefined)).toBe(true);
  });

  it('sees a changed value, a missing key or a missing object', () => {
    expect(sameParams({ symbol: 'BTCUSDT' }, { symbol: 'ETHUSDT' })).toBe(false);
    expect(sameParams({ symbol: 'BTCUSDT', period: '1m' }, { symbol: 'BTCUSDT' })).toBe(false);
    expect(sameParams({ symbol: 'BTCUSDT' }, { period: 'BTCUSDT' })).toBe(false);
    expect(sameParams(undefined, { symbol: 'BTCUSDT' })).toBe(false);
  });
});
