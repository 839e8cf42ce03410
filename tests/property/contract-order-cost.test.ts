// The cost of opening a perpetual order: initial margin at the order's price, the open loss when
// the price is worse than the mark, and the fee; and the form's "max", the most whole lots that
// cost covers.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { maxQuantity, orderCost } from '../../core/contract/order-cost.ts';

const usdt = 100_000_000n;

it('costs a 10× long of 1 BTC at 50,100 with the mark at 50,000 as Binance counts it', () => {
  const cost = orderCost(
    { direction: 'long', quantity: usdt, price: 50_100n * usdt, leverage: 10 },
    50_000n * usdt,
    500,
  );
  expect(cost).toEqual({
    initialMargin: 5_010n * usdt,
    openLoss: 100n * usdt,
    fee: 25n * usdt + usdt / 20n, // 0.05 % of 50,100 = 25.05
    total: 5_135n * usdt + usdt / 20n,
  });
  // A short at the same price opens with no loss: it sells above the mark.
  expect(
    orderCost(
      { direction: 'short', quantity: usdt, price: 50_100n * usdt, leverage: 10 },
      50_000n * usdt,
      500,
    ).openLoss,
  ).toBe(0n);
});

it('finds the most whole lots the available balance covers', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('long' as const, 'short' as const),
      fc.bigInt({ min: usdt, max: 200_000n * usdt }),
      fc.integer({ min: -500, max: 500 }),
      fc.integer({ min: 1, max: 125 }),
      fc.bigInt({ min: 0n, max: 1_000_000n * usdt }),
      fc.constantFrom(1_000n, 100_000n),
      (direction, mark, offsetBps, leverage, available, lot) => {
        const price = mark + (mark * BigInt(offsetBps)) / 10_000n;
        const order = { direction, price: price > 0n ? price : 1n, leverage };
        const most = maxQuantity(order, mark, 500, available, lot);
        expect(most % lot).toBe(0n);
        expect(orderCost({ ...order, quantity: most }, mark, 500).total <= available).toBe(true);
        expect(orderCost({ ...order, quantity: most + lot }, mark, 500).total > available).toBe(
          true,
        );
      },
    ),
    { numRuns: 1_000 },
  );
});
