// The door's market parameters and numbers (server/market/binance-symbols.ts,
// server/binance/decimals.ts): which markets a `symbol` or `symbols` call answers, and decimals
// written with Binance's eight places.
import { describe, expect, it } from 'vitest';
import { binanceDecimal } from '../../server/binance/decimals.ts';
import { BinanceError } from '../../server/binance/errors.ts';
import { chooseMarkets, symbolChoiceParams } from '../../server/market/binance-symbols.ts';

const listed = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const choose = (choice: { symbol?: string; symbols?: string[] }) =>
  chooseMarkets(choice, listed, (symbol) => symbol);

function refusal(run: () => unknown): number | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof BinanceError) return error.code;
    throw error;
  }
  return undefined;
}

describe('chooseMarkets', () => {
  it('answers every market without a choice, one for `symbol`, the list for `symbols`', () => {
    expect(choose({})).toEqual({ single: false, markets: listed });
    expect(choose({ symbol: 'ETHUSDT' })).toEqual({ single: true, markets: ['ETHUSDT'] });
    expect(choose({ symbols: ['SOLUSDT', 'BTCUSDT', 'SOLUSDT'] })).toEqual({
      single: false,
      markets: ['SOLUSDT', 'BTCUSDT'],
    });
  });

  it('refuses a market not listed (-1121) and both parameters at once (-1128)', () => {
    expect(refusal(() => choose({ symbol: 'DOGEUSDT' }))).toBe(-1121);
    expect(refusal(() => choose({ symbols: ['BTCUSDT', 'DOGEUSDT'] }))).toBe(-1121);
    expect(refusal(() => choose({ symbol: 'BTCUSDT', symbols: ['BTCUSDT'] }))).toBe(-1128);
  });
});

describe('symbolChoiceParams', () => {
  it('reads `symbols` as a JSON array of symbols, and nothing else', () => {
    expect(symbolChoiceParams.parse({ symbols: '["BTCUSDT","ETHUSDT"]' })).toEqual({
      symbols: ['BTCUSDT', 'ETHUSDT'],
    });
    for (const symbols of ['BTCUSDT', '[]', '["btcusdt"]', '[1]', '{"a":1}', '["BTC USDT"]']) {
      expect(symbolChoiceParams.safeParse({ symbols }).success, symbols).toBe(false);
    }
    expect(symbolChoiceParams.safeParse({ symbol: 'btcusdt' }).success).toBe(false);
  });
});

describe('binanceDecimal', () => {
  it('writes eight places without changing the value', () => {
    expect(binanceDecimal('0.01')).toBe('0.01000000');
    expect(binanceDecimal('5')).toBe('5.00000000');
    expect(binanceDecimal('97000.12345678')).toBe('97000.12345678');
    expect(binanceDecimal('1.5000000000')).toBe('1.50000000');
  });
});
