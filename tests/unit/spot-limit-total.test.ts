// The spot limit form's Total field (core/spot/limit-total.ts), on the rules the server publishes
// for ETH/USDT: the total is price × quantity exactly, and a typed total gives the largest whole
// number of lots it pays for at the price, so the order never costs more than the total.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { limitTotal, quantityForTotal } from '../../core/spot/limit-total.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { rulesView, spotMarketOf } from '../../server/spot/spot-markets.ts';

const eth = knownMarkets.find((market) => market.base === 'ETH');
if (!eth) throw new Error('ETH is not a known market');
const rules = rulesView(spotMarketOf(eth, 5n, { makerPpm: 1000, takerPpm: 2000 }));
const { price_scale: ps, quantity_scale: qs } = rules;
const lot = BigInt(toUnits(rules.lot_size, qs, true) ?? 1);

describe('the limit total', () => {
  it('is price × quantity, exactly', () => {
    expect(limitTotal('3400.5', '0.2', rules)).toBe('680.1');
    expect(limitTotal('', '0.2', rules)).toBe('');
    expect(limitTotal('3400', 'abc', rules)).toBe('');
  });

  it('gives back a quantity in whole lots that costs at most the total, and within one lot of it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        (priceUnits, totalUnits) => {
          const price = fromUnits(priceUnits, ps);
          const total = fromUnits(totalUnits, ps + qs);
          const quantity = quantityForTotal(total, price, rules);
          if (quantity === null) throw new Error('no quantity');
          const quantityUnits = BigInt(toUnits(quantity, qs) ?? -1);
          expect(quantityUnits % lot).toBe(0n);
          const cost = quantityUnits * priceUnits;
          expect(cost <= totalUnits).toBe(true);
          expect(totalUnits - cost < lot * priceUnits).toBe(true);
        },
      ),
    );
  });

  it('waits for a price', () => {
    expect(quantityForTotal('100', '', rules)).toBeNull();
    expect(quantityForTotal('100', '0', rules)).toBeNull();
  });
});
