// Every figure by its kind, through the one formatter: a price at its market's tick (trailing
// zeros kept), an amount at its asset's display precision (USDT in cents, a base at its lot), a
// percentage at two decimals; and the spot page's and the records' figures drawn that way, each
// with the unit it is counted in.
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatMarketPrice,
  formatPercent,
  formatRate,
  formatSettledAmount,
  noPrecisions,
  withUnit,
} from '../../core/figures.ts';
import { viewAt } from '../../core/projections/client-view.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { orderRow, spotView } from '../../workers/spot/views.ts';
import { recordRows } from '../../workers/wallet/rows.ts';
import { logged, takenFrame, tickerData } from '../support/events.ts';

const btc = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  price_scale: 2,
  quantity_scale: 5,
  tick_size: '0.01',
  lot_size: '0.00001',
  min_notional: '5',
  max_price: '1000000.00',
  max_quantity: '100',
  maker_fee: '0.001',
  taker_fee: '0.001',
  price_band: {
    bid_multiplier_up: '5',
    bid_multiplier_down: '0.2',
    ask_multiplier_up: '5',
    ask_multiplier_down: '0.2',
  },
};

const markets = logged({ source: 'api', type: 'spot-markets', payload: { list: [btc] } });
const known = viewAt([markets]).precisions;

describe('figures by kind', () => {
  it('writes a price at its tick, trailing zeros kept', () => {
    expect(formatMarketPrice('87402.4', 'BTCUSDT', known, 'en')).toBe('87,402.40');
    expect(formatMarketPrice('87402.4', 'BTCUSDT', known, 'de')).toBe('87.402,40');
    // Before the market's rules are known, as the server wrote it (at the market's scale).
    expect(formatMarketPrice('87402.40', 'BTCUSDT', noPrecisions, 'en')).toBe('87,402.40');
  });

  it('writes an amount at its asset’s precision, one way whatever its size', () => {
    expect(formatAmount('8000.713568', 'USDT', known, 'en')).toBe('8,000.71');
    expect(formatAmount('10000', 'USDT', known, 'en')).toBe('10,000.00');
    expect(formatAmount('0.02288', 'BTC', known, 'en')).toBe('0.02288');
    expect(formatAmount('1', 'BTC', known, 'en')).toBe('1.00000');
    // A fee too small for cents still shows what it is.
    expect(formatAmount('0.0015', 'USDT', known, 'en')).toBe('0.0015');
    expect(formatAmount('0', 'USDT', known, 'en')).toBe('0.00');
    // What one holds is rounded down, never offering more than there is.
    expect(formatAmount('8000.716', 'USDT', known, 'en', 'down')).toBe('8,000.71');
    expect(formatAmount('0.000004', 'BTC', known, 'en', 'down')).toBe('0.000004');
    // No market tells an asset's precision: what it has, at least two decimals.
    expect(formatAmount('3', 'XYZ', known, 'en')).toBe('3.00');
    expect(formatAmount('0.12345678', 'XYZ', known, 'en')).toBe('0.12345678');
    // A settled amount keeps every decimal it was credited with.
    expect(formatSettledAmount('60.6606', 'USDT', known, 'en')).toBe('60.6606');
  });

  it('writes a percentage at two decimals and a rate with the decimals it has', () => {
    expect(formatPercent('1.2', 'en', { signed: true })).toBe('+1.20%');
    expect(formatPercent('-0.001', 'en', { signed: true })).toBe('0.00%');
    expect(formatPercent('-0.85', 'he')).toBe('‎-0.85%');
    expect(formatRate('12.5', 'en')).toBe('12.5%');
  });
});

describe('figures as each language writes them', () => {
  it('writes a percentage with the language’s percent pattern, rounded as every figure is', () => {
    // A no-break space before the sign in German, French and Spanish; none in Polish, Italian,
    // Portuguese, English, Chinese and Hebrew.
    expect(formatPercent('12.5', 'de')).toBe('12,50\u00a0%');
    expect(formatPercent('12.5', 'fr')).toBe('12,50\u00a0%');
    expect(formatPercent('12.5', 'es')).toBe('12,50\u00a0%');
    expect(formatPercent('12.5', 'pl')).toBe('12,50%');
    expect(formatPercent('12.5', 'it')).toBe('12,50%');
    expect(formatPercent('12.5', 'pt')).toBe('12,50%');
    expect(formatPercent('12.5', 'zh')).toBe('12.50%');
    expect(formatRate('12.5', 'de')).toBe('12,5\u00a0%');
    expect(formatPercent('1.005', 'de', { signed: true })).toBe('+1,01\u00a0%');
    expect(formatPercent('-1234.5', 'fr')).toBe('-1\u202f234,50\u00a0%');
  });

  it('puts the unit after the figure with the language’s space', () => {
    expect(withUnit('19,741.28', 'USDT', 'en')).toBe('19,741.28 USDT');
    expect(withUnit('19.741,28', 'USDT', 'de')).toBe('19.741,28 USDT');
    expect(withUnit('19\u202f741,28', 'USDT', 'fr')).toBe('19\u202f741,28\u202fUSDT');
    expect(withUnit('19\u00a0741,28', 'USDT', 'pl')).toBe('19\u00a0741,28 USDT');
    expect(withUnit('0.02288', 'BTC', 'zh')).toBe('0.02288 BTC');
  });

  it('keeps a figure and its unit left to right inside Hebrew text', () => {
    expect(withUnit('19,741.28', 'USDT', 'he')).toBe('\u206619,741.28 USDT\u2069');
  });

  it('writes a figure not known yet, or one with no unit, alone', () => {
    expect(withUnit('--', 'USDT', 'he')).toBe('--');
    expect(withUnit('3.00', '', 'en')).toBe('3.00');
  });

  it('groups four-digit integers in Polish and Spanish only from five digits, as CLDR does', () => {
    // Intl's rule for these languages (minimum grouping digits 2): `3960,34` beside `78 358,11`
    // on one screen is how both write prices, not two formatters.
    expect(formatAmount('3960.34', 'USDT', known, 'pl')).toBe('3960,34');
    expect(formatAmount('78358.11', 'USDT', known, 'pl')).toBe('78\u00a0358,11');
    expect(formatAmount('3960.34', 'USDT', known, 'es')).toBe('3960,34');
    expect(formatAmount('3960.34', 'USDT', known, 'de')).toBe('3.960,34');
  });
});

describe('the spot page’s figures', () => {
  const marketBuy: SpotOrder = {
    id: 14605,
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'market',
    price: null,
    quantity: null,
    turnover: '2000',
    filled_quantity: '0.02288',
    filled_quote: '1999.76',
    avg_price: '87402.40',
    fee: '0.00002288',
    fee_asset: 'BTC',
    status: 'filled',
    cancel_reason: null,
    created_at: '2025-01-02T03:04:05.000Z',
    updated_at: '2025-01-02T03:04:05.000Z',
  };

  it('counts a market buy’s fill in base and its worth in quote, and shows what it spent', () => {
    // Still trading, it shows what it may spend; finished, what it spent.
    expect(orderRow({ ...marketBuy, status: 'open' }, btc, known, 'en').amountShown).toBe(
      '2,000.00',
    );
    const row = orderRow(marketBuy, btc, known, 'en');
    expect(row).toMatchObject({
      base: 'BTC',
      quote: 'USDT',
      amountShown: '1,999.76',
      amountAsset: 'USDT',
      filledShown: '0.02288',
      filledValueShown: '1,999.76',
      avgPriceShown: '87,402.40',
      feeShown: '0.00002',
      feeAsset: 'BTC',
    });
  });

  it('shows the current price at the market’s tick and the balance in cents', () => {
    const view = viewAt([
      markets,
      takenFrame('ticker.BTCUSDT', tickerData('87402.4')),
      logged({
        source: 'api',
        type: 'wallet-balances',
        payload: {
          balances: [
            {
              wallet: 'funding',
              asset: 'USDT',
              available: '8000.713568',
              frozen: '0',
              value_usdt: '8000.713568',
            },
          ],
          totals: { funding: '8000.713568', contract: '0', option: '0', all: '8000.713568' },
        },
      }),
    ]);
    const spot = spotView(view, 'BTCUSDT', 'en');
    expect(spot.lastShown).toBe('87,402.40');
    expect(spot.available?.quote.shown).toBe('8,000.71');
  });
});

describe('records', () => {
  const line = {
    id: 41,
    type: 'trade' as const,
    label: 'trade' as const,
    wallet: 'funding' as const,
    to_wallet: null,
    link: { to: 'spot_order' as const, id: '14605' },
    reference: 'spot:fill:14605:0',
    created_at: '2025-01-02T03:04:05.000Z',
    trade: {
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      side: 'buy' as const,
      price: '87402.4',
      quantity: '0.02288',
      value: '1999.76',
      fee: '0.00002288',
      fee_asset: 'BTC',
    },
  };

  it('reads a fill as one trade: pair, side, quantity at price, fee, and both amounts', () => {
    const rows = recordRows(
      [
        { ...line, asset: 'USDT', amount: '-1999.76' },
        { ...line, asset: 'BTC', amount: '0.02285712' },
        {
          id: 40,
          type: 'deposit',
          label: 'deposit',
          wallet: 'funding',
          to_wallet: null,
          link: null,
          asset: 'USDT',
          amount: '10000',
          reference: 'deposit:abc',
          created_at: '2025-01-02T03:04:05.000Z',
          trade: null,
        },
      ],
      known,
      'en',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      trade: {
        side: 'buy',
        pair: 'BTC/USDT',
        quantityShown: '0.02288',
        base: 'BTC',
        priceShown: '87,402.40',
        feeShown: '0.00002',
        feeAsset: 'BTC',
      },
      amounts: [
        { asset: 'USDT', shown: '-1,999.76', up: false },
        { asset: 'BTC', shown: '+0.02286', up: true },
      ],
      reference: 'spot:fill:14605:0',
    });
    expect(rows[1]).toMatchObject({
      trade: null,
      amounts: [{ asset: 'USDT', shown: '+10,000.00', up: true }],
    });
  });
});
