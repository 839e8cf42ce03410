// The TP/SL sheet's checks before sending (core/contract/tpsl-sheet.ts): each field judged on its
// own by the server's rule, the quantity within the position, and the PnL at each typed price
// exact in atoms, never through floating point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tpSlProblem } from '../../core/contract/tpsl.ts';
import {
  checkTpSlSheet,
  pnlAtPrice,
  type TpSlSheetPosition,
} from '../../core/contract/tpsl-sheet.ts';

const atom = 100_000_000n;
const usdt = (whole: number) => BigInt(whole) * atom;

// A long of 0.1 ETH entered at 2,000.00, mark 2,010.00, liquidation 1,810.00; tick 0.01, lot 0.0001.
const long: TpSlSheetPosition = {
  direction: 'long',
  entry: usdt(2000),
  mark: usdt(2010),
  liquidation: usdt(1810),
  quantity: 10_000_000n,
  priceScale: 2,
  quantityScale: 4,
  tick: 1_000_000n,
  lot: 10_000n,
};
const short: TpSlSheetPosition = {
  ...long,
  direction: 'short',
  mark: usdt(1990),
  liquidation: usdt(2190),
};

describe('the TP/SL sheet', () => {
  it('names the field at fault: a take-profit under the mark of a long, a stop-loss past liquidation', () => {
    const check = checkTpSlSheet(long, { tp: '2005', sl: '1800', quantity: '' });
    expect(check.problems).toEqual({ tp: 'takeProfitSide', sl: 'stopLossSide' });
    // The take-profit above the entry but not above the mark would trigger at once (Binance refuses).
    expect(checkTpSlSheet(long, { tp: '2010', sl: '', quantity: '' }).problems.tp).toBe(
      'takeProfitSide',
    );
    expect(checkTpSlSheet(long, { tp: '2010.01', sl: '1900', quantity: '' }).problems).toEqual({});
    expect(checkTpSlSheet(short, { tp: '1989.99', sl: '2000', quantity: '' }).problems).toEqual({
      sl: 'stopLossSide',
    });
    expect(checkTpSlSheet(short, { tp: '1990', sl: '2100', quantity: '' }).problems).toEqual({
      tp: 'takeProfitSide',
    });
  });

  it('refuses a price off the tick, and a quantity off the lot or above the position', () => {
    expect(checkTpSlSheet(long, { tp: '2100.001', sl: '', quantity: '' }).problems).toEqual({
      tp: 'offStep',
    });
    expect(checkTpSlSheet(long, { tp: 'abc', sl: '', quantity: '' }).problems.tp).toBe('invalid');
    expect(checkTpSlSheet(long, { tp: '', sl: '', quantity: '0.00001' }).problems).toEqual({
      quantity: 'offStep',
    });
    expect(checkTpSlSheet(long, { tp: '', sl: '', quantity: '0.2' }).problems).toEqual({
      quantity: 'aboveSize',
    });
    expect(checkTpSlSheet(long, { tp: '', sl: '', quantity: '0.1' }).closing).toBe(10_000_000n);
  });

  it('estimates the PnL of the quantity it closes at each valid price, exactly', () => {
    // 0.1 × (2,100 − 2,000) = 10 USDT; 0.1 × (1,900 − 2,000) = −10 USDT.
    const whole = checkTpSlSheet(long, { tp: '2100', sl: '1900', quantity: '' });
    expect(whole.tpPnl).toBe(usdt(10));
    expect(whole.slPnl).toBe(-usdt(10));
    // Half the position: half of each.
    const half = checkTpSlSheet(long, { tp: '2100', sl: '1900', quantity: '0.05' });
    expect(half.tpPnl).toBe(usdt(5));
    expect(half.slPnl).toBe(-usdt(5));
    // A short gains below the entry.
    expect(checkTpSlSheet(short, { tp: '1900.5', sl: '', quantity: '' }).tpPnl).toBe(995_000_000n);
    // No PnL for a price the rule refuses.
    expect(checkTpSlSheet(long, { tp: '2005', sl: '', quantity: '' }).tpPnl).toBeNull();
  });

  it('agrees with the server’s rule on every pair of prices', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(long, short),
        fc.integer({ min: 1, max: 400_000 }),
        fc.integer({ min: 1, max: 400_000 }),
        (position, tpCents, slCents) => {
          const text = (cents: number) =>
            `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          const check = checkTpSlSheet(position, {
            tp: text(tpCents),
            sl: text(slCents),
            quantity: '',
          });
          const server = tpSlProblem(
            position,
            BigInt(tpCents) * 1_000_000n,
            BigInt(slCents) * 1_000_000n,
          );
          expect(Object.keys(check.problems).length === 0).toBe(server === null);
          if (server === 'take_profit_invalid') expect(check.problems.tp).toBe('takeProfitSide');
        },
      ),
    );
  });

  it('computes the PnL as the exact product, rounded down to the atom', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.constantFrom('long' as const, 'short' as const),
        (quantity, entry, price, direction) => {
          const pnl = pnlAtPrice(direction, quantity, entry, price);
          const exact = (direction === 'long' ? 1n : -1n) * quantity * (price - entry);
          // pnl is the largest whole atom not above the exact value.
          expect(pnl * atom <= exact).toBe(true);
          expect((pnl + 1n) * atom > exact).toBe(true);
          // Long and short at the same prices are opposite, up to the rounding.
          const other = pnlAtPrice(direction === 'long' ? 'short' : 'long', quantity, entry, price);
          expect(pnl + other === 0n || pnl + other === -1n).toBe(true);
        },
      ),
    );
  });
});
