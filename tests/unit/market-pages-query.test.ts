// The price chart's address: what a typed, shared or stale link opens, and links from the lists.
import { describe, expect, it } from 'vitest';
import { klinePeriods } from '../../schemas/api/market.schema.ts';
import {
  defaultPeriod,
  defaultSymbol,
  klineSearch,
  parseKlineQuery,
} from '../../src/market/market-query.ts';
import { displaySymbol } from '../../src/market/market-symbol.ts';

describe('parseKlineQuery', () => {
  it('opens BTCUSDT at the default period when the query is missing', () => {
    expect(parseKlineQuery({})).toEqual({ symbol: 'BTCUSDT', period: defaultPeriod });
    expect(defaultSymbol).toBe('BTCUSDT');
  });

  it('keeps a valid symbol and period', () => {
    expect(parseKlineQuery({ symbol: 'ETHUSDT', period: '4h' })).toEqual({
      symbol: 'ETHUSDT',
      period: '4h',
    });
  });

  it('accepts every period of the wire contract', () => {
    for (const period of klinePeriods) {
      expect(parseKlineQuery({ symbol: 'SOLUSDT', period }).period).toBe(period);
    }
  });

  it('reads a lower-case symbol as the wire symbol, as the server does', () => {
    expect(parseKlineQuery({ symbol: 'ethusdt' }).symbol).toBe('ETHUSDT');
  });

  it.each([
    ['a pair with a slash', 'BTC/USDT'],
    ['another quote asset', 'BTCEUR'],
    ['a base too short', 'BUSDT'],
    ['a base too long', 'ABCDEFGHIJKLMUSDT'],
    ['script', '<script>USDT'],
    ['a number', 42],
    ['a list', ['ETHUSDT']],
  ])('falls back to BTCUSDT for %s', (_, symbol) => {
    expect(parseKlineQuery({ symbol }).symbol).toBe('BTCUSDT');
  });

  it.each([['2m'], ['1M'], [''], [15], [null]])(
    'falls back to the default period for %j',
    (period) => {
      expect(parseKlineQuery({ symbol: 'ETHUSDT', period }).period).toBe(defaultPeriod);
    },
  );
});

describe('klineSearch', () => {
  it('links a list row by symbol only, and a chosen timeframe with its period', () => {
    expect(klineSearch('BTCUSDT')).toEqual({ symbol: 'BTCUSDT' });
    expect(klineSearch('BTCUSDT', '1h')).toEqual({ symbol: 'BTCUSDT', period: '1h' });
  });

  it('reads back what it wrote', () => {
    expect(parseKlineQuery(klineSearch('XRPUSDT', '1d'))).toEqual({
      symbol: 'XRPUSDT',
      period: '1d',
    });
  });
});

describe('displaySymbol', () => {
  it('writes wire symbols as BASE/USDT', () => {
    expect(displaySymbol('BTCUSDT')).toBe('BTC/USDT');
    expect(displaySymbol('1000PEPEUSDT')).toBe('1000PEPE/USDT');
  });

  it('leaves anything else as it is', () => {
    expect(displaySymbol('USDT')).toBe('USDT');
    expect(displaySymbol('BTCEUR')).toBe('BTCEUR');
  });
});
