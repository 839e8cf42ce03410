// The spot form's market preview (src/spot/market-walk.ts): the book's exact levels walked as
// the engine takes them, a buy by its turnover in whole lots, a sell by its quantity; the
// warning's flag when the visible book cannot fill the order whole; nothing for a limit order.
import { describe, expect, it } from 'vitest';
import { emptySpotForm, type SpotOrderForm } from '../../core/spot/order-form.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { rulesView, spotMarketOf } from '../../server/spot/spot-markets.ts';
import { spotMarketWalk } from '../../src/spot/market-walk.ts';
import type { BookRow } from '../../workers/facade.ts';

const eth = knownMarkets.find((market) => market.base === 'ETH');
if (!eth) throw new Error('ETH is not a known market');
const rules = rulesView(spotMarketOf(eth, 5n, { makerPpm: 1000, takerPpm: 2000 }));
const row = (price: string, size: string): BookRow => [price, size, 0, price, size];
const book = {
  asks: [row('3000', '0.5'), row('3010', '1')],
  bids: [row('2990', '0.5'), row('2980', '1')],
  resyncing: false,
};
const form = (fields: Partial<SpotOrderForm>): SpotOrderForm => ({
  ...emptySpotForm,
  type: 'market',
  ...fields,
});

describe('the spot market preview', () => {
  it('walks the asks with a buy’s turnover and the bids with a sell’s quantity', () => {
    // 1,500 buys the first level; 1,505 more buys 0.5 at 3,010: 3,005 on average.
    expect(spotMarketWalk(form({ turnover: '3005' }), rules, book, 'en')).toEqual({
      average: '3,005.00',
      slippage: '0.17%',
      filled: '1.0000',
      whole: true,
    });
    expect(spotMarketWalk(form({ side: 'sell', quantity: '0.5' }), rules, book, 'en')).toEqual({
      average: '2,990.00',
      slippage: '0.00%',
      filled: '0.5000',
      whole: true,
    });
  });

  it('flags an order the visible book cannot fill whole', () => {
    expect(spotMarketWalk(form({ side: 'sell', quantity: '2' }), rules, book, 'en')).toMatchObject({
      filled: '1.5000',
      whole: false,
    });
  });

  it('has nothing to say of a limit order, an amount not typed yet, or a book not known', () => {
    expect(spotMarketWalk(form({ type: 'limit', quantity: '1' }), rules, book, 'en')).toBeNull();
    expect(spotMarketWalk(form({ turnover: '' }), rules, book, 'en')).toBeNull();
    expect(spotMarketWalk(form({ turnover: '10' }), rules, null, 'en')).toBeNull();
  });
});
