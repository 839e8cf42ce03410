// The spot form's checks (docs/product.md §12) and its previews, on the rules the server publishes
// for ETH/USDT: required fields by type and side, steps, the limit price against the current price,
// the minimum value and the balance; the shortcuts never ask for more than the balance; the fee
// preview is the settlement's fee.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseAtoms, orderReservation, quoteAtoms } from '../../core/market/order-math.ts';
import { parseAmount } from '../../core/money.ts';
import {
  checkSpotOrder,
  emptySpotForm,
  orderTerms,
  type SpotOrderForm,
} from '../../core/spot/order-form.ts';
import { previewFee, shortcutAmount } from '../../core/spot/order-preview.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { rulesView, spotMarketOf } from '../../server/spot/spot-markets.ts';

const eth = knownMarkets.find((market) => market.base === 'ETH');
if (!eth) throw new Error('ETH is not a known market');
/** 0.1 % maker, 0.2 % taker, 5 USDT minimum: the preview must pick the larger rate. */
const rules = rulesView(spotMarketOf(eth, 5n, { makerPpm: 1000, takerPpm: 2000 }));
const scales = { priceScale: rules.price_scale, quantityScale: rules.quantity_scale };

/** The market's largest order, in quantity units. */
const largestQuantity = Number(rules.max_quantity.replace('.', ''));
const form = (fields: Partial<SpotOrderForm>): SpotOrderForm => ({ ...emptySpotForm, ...fields });
const check = (fields: Partial<SpotOrderForm>, available: string | null = '1000', last = '3400') =>
  checkSpotOrder(form(fields), { rules, last, available });

describe('checkSpotOrder', () => {
  it('asks for the fields each kind of order needs, in screen order', () => {
    expect(check({})).toEqual({ field: 'price', rule: 'required' });
    expect(check({ price: '3000' })).toEqual({ field: 'quantity', rule: 'required' });
    expect(check({ type: 'market' })).toEqual({ field: 'turnover', rule: 'required' });
    expect(check({ type: 'market', side: 'sell' }, '1')).toEqual({
      field: 'quantity',
      rule: 'required',
    });
  });

  it('refuses what is not a positive amount, or finer than the market’s step', () => {
    expect(check({ price: '0', quantity: '1' })).toEqual({ field: 'price', rule: 'invalid' });
    expect(check({ price: '1e3', quantity: '1' })).toEqual({ field: 'price', rule: 'invalid' });
    expect(check({ price: '3000.001', quantity: '0.01' })).toEqual({
      field: 'price',
      rule: 'offStep',
    });
    // Trailing zeros are not finer steps.
    expect(check({ price: '3000.0100', quantity: '0.01' })).toBeNull();
    expect(check({ price: '3000', quantity: '0.00001' })).toEqual({
      field: 'quantity',
      rule: 'offStep',
    });
  });

  it('keeps a limit buy at or below the current price and a limit sell at or above it', () => {
    expect(check({ price: '3400.01', quantity: '0.01' })).toEqual({
      field: 'price',
      rule: 'aboveCurrent',
    });
    expect(check({ price: '3400', quantity: '0.01' })).toBeNull();
    expect(check({ side: 'sell', price: '3399.99', quantity: '0.01' }, '1')).toEqual({
      field: 'price',
      rule: 'belowCurrent',
    });
    expect(check({ side: 'sell', price: '3400', quantity: '0.01' }, '1')).toBeNull();
    // Without a current price the server alone judges the price.
    expect(check({ price: '9000', quantity: '0.01' }, '1000', null as never)).toBeNull();
  });

  it('keeps a limit price within the band around the index, as the server does', () => {
    const banded = (fields: Partial<SpotOrderForm>, index: string | null) =>
      checkSpotOrder(form(fields), { rules, last: null, available: '100000', index });
    // 0.2 × 3,400 = 680 and 5 × 3,400 = 17,000, in cents.
    expect(banded({ price: '679.99', quantity: '1' }, '3400')).toEqual({
      field: 'price',
      rule: 'outsideBand',
      range: { min: 68_000, max: 1_700_000 },
    });
    expect(banded({ price: '680', quantity: '1' }, '3400')).toBeNull();
    expect(banded({ side: 'sell', price: '17000.01', quantity: '1' }, '3400')).toMatchObject({
      rule: 'outsideBand',
    });
    // Without an index the server alone judges it; a market order has no price to band.
    expect(banded({ price: '1', quantity: '10' }, null)).toBeNull();
    expect(banded({ type: 'market', turnover: '100' }, '3400')).toBeNull();
  });

  it('wants the minimum order value, a market sell’s at the current price', () => {
    expect(check({ price: '3000', quantity: '0.0016' })).toEqual({
      field: 'quantity',
      rule: 'belowMinimum',
    });
    expect(check({ type: 'market', turnover: '4.99' })).toEqual({
      field: 'turnover',
      rule: 'belowMinimum',
    });
    expect(check({ type: 'market', side: 'sell', quantity: '0.0014' }, '1')).toEqual({
      field: 'quantity',
      rule: 'belowMinimum',
    });
  });

  it('wants the available amount of the asset the order pays with', () => {
    expect(check({ price: '3000', quantity: '0.5' }, '1499.99')).toEqual({
      field: 'quantity',
      rule: 'insufficient',
    });
    expect(check({ price: '3000', quantity: '0.5' }, '1500')).toBeNull();
    expect(check({ type: 'market', side: 'sell', quantity: '0.5' }, '0.4999')).toEqual({
      field: 'quantity',
      rule: 'insufficient',
    });
    // An unknown balance is left to the server.
    expect(check({ price: '3000', quantity: '0.5' }, null)).toBeNull();
  });

  it('says the limit buy costs exactly price × quantity, whatever the balance', () => {
    const units = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(
        units,
        units,
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        (price, quantity, atoms) => {
          const fields = {
            price: (price / 100).toFixed(2),
            quantity: (quantity / 10_000).toFixed(4),
          };
          const cost = quoteAtoms(price * quantity, scales);
          const notional = BigInt(price) * BigInt(quantity);
          const available = (Number(atoms) / 1e8).toFixed(8);
          const problem = checkSpotOrder(form(fields), { rules, last: null, available });
          if (notional < 5n * 1_000_000n) expect(problem?.rule).toBe('belowMinimum');
          else if (cost > (parseAmount(available) ?? 0n))
            expect(problem?.rule).toBe('insufficient');
          else expect(problem).toBeNull();
        },
      ),
    );
  });
});

describe('shortcutAmount', () => {
  const balance = fc.bigInt({ min: 0n, max: 10n ** 15n });
  const percent = fc.constantFrom(25, 50, 75, 100) as fc.Arbitrary<25 | 50 | 75 | 100>;
  const atomsText = (atoms: bigint) =>
    `${atoms / 10n ** 8n}.${(atoms % 10n ** 8n).toString().padStart(8, '0')}`;

  it('buys the most whole lots a share of the balance pays for at the typed price, never more', () => {
    fc.assert(
      fc.property(
        balance,
        percent,
        fc.integer({ min: 1, max: 34_000_000 }),
        (atoms, share, price) => {
          const priceText = (price / 100).toFixed(2);
          const amount = shortcutAmount(form({ price: priceText }), rules, atomsText(atoms), share);
          const terms = orderTerms(form({ price: priceText, quantity: amount ?? '' }), rules);
          const budget = (atoms * BigInt(share)) / 100n;
          const quantity = 'quantity' in terms ? terms.quantity : 0;
          expect(quoteAtoms(price * quantity, scales)).toBeLessThanOrEqual(budget);
          // One lot more would cost more than the share, or exceed the market's largest order.
          if (quantity < largestQuantity) {
            expect(quoteAtoms(price * (quantity + 1), scales)).toBeGreaterThan(budget);
          }
        },
      ),
    );
  });

  it('sells at most the share of the base balance, in whole lots', () => {
    fc.assert(
      fc.property(balance, percent, (atoms, share) => {
        const amount = shortcutAmount(form({ side: 'sell' }), rules, atomsText(atoms), share);
        const terms = orderTerms(
          form({ side: 'sell', type: 'market', quantity: amount ?? '' }),
          rules,
        );
        const quantity = 'quantity' in terms ? terms.quantity : 0;
        const sold = baseAtoms(quantity, scales);
        const budget = (atoms * BigInt(share)) / 100n;
        expect(sold).toBeLessThanOrEqual(budget);
        if (quantity < largestQuantity) expect(budget - sold).toBeLessThan(baseAtoms(1, scales));
      }),
    );
  });

  it('needs a price for a limit buy and a known balance', () => {
    expect(shortcutAmount(form({}), rules, '100', 50)).toBeNull();
    expect(shortcutAmount(form({ price: '3000' }), rules, null, 50)).toBeNull();
    expect(shortcutAmount(form({ type: 'market' }), rules, '100', 50)).toBe('50');
  });
});

describe('previewFee', () => {
  it('charges the larger rate on what the order receives, rounded up to an atom', () => {
    expect(previewFee(form({ price: '3000', quantity: '0.5' }), rules, '3400')).toEqual({
      fee: '0.001',
      asset: 'ETH',
    });
    expect(
      previewFee(form({ side: 'sell', price: '3400', quantity: '0.5' }), rules, '3400'),
    ).toEqual({ fee: '3.4', asset: 'USDT' });
    // A market buy receives about turnover / current price.
    expect(previewFee(form({ type: 'market', turnover: '340' }), rules, '3400')).toEqual({
      fee: '0.0002',
      asset: 'ETH',
    });
    expect(previewFee(form({ type: 'market', turnover: '340' }), rules, null)).toBeNull();
    expect(previewFee(form({ price: '3000' }), rules, '3400')).toBeNull();
  });

  it('is never below the published rate, and at most one atom above it', () => {
    const units = fc.integer({ min: 1, max: 10_000_000 });
    fc.assert(
      fc.property(
        units,
        units,
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        (price, quantity, side) => {
          const fields = {
            side,
            price: (price / 100).toFixed(2),
            quantity: (quantity / 10_000).toFixed(4),
          };
          const fee = parseAmount(previewFee(form(fields), rules, null)?.fee ?? '') ?? -1n;
          const terms = orderTerms(form(fields), rules);
          if (!('price' in terms)) throw new Error('a limit order');
          const received =
            side === 'buy' ? baseAtoms(quantity, scales) : quoteAtoms(price * quantity, scales);
          expect(fee * 1_000_000n).toBeGreaterThanOrEqual(received * 2000n);
          expect(fee * 1_000_000n).toBeLessThan(received * 2000n + 1_000_000n);
          expect(orderReservation(terms, scales)).toBeGreaterThan(0n);
        },
      ),
    );
  });
});
