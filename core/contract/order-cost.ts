// What opening an order takes from the contract wallet, for the form's cost and "max" and for the
// server's check (Binance's rule): the initial margin at the order's price, the loss the position
// would open with when the order's price is worse than the mark, and the taker fee at most.
// Quantities base atoms, prices quote atoms, amounts USDT atoms, the fee rate parts per million.
import { feeOn } from '../market/order-math.ts';
import { type Direction, initialMargin, notional } from './margin.ts';

export interface OrderTerms {
  direction: Direction;
  quantity: bigint;
  /** The limit price, or for a market order the best price on the other side. */
  price: bigint;
  leverage: number;
}

export interface OrderCost {
  initialMargin: bigint;
  /** quantity × how much worse than the mark the price is, rounded up; 0 when it is better. */
  openLoss: bigint;
  fee: bigint;
  total: bigint;
}

const atom = 100_000_000n;

export function orderCost(order: OrderTerms, mark: bigint, feePpm: number): OrderCost {
  const value = notional(order.quantity, order.price);
  const worse = order.direction === 'long' ? order.price - mark : mark - order.price;
  const openLoss = worse > 0n ? (order.quantity * worse + atom - 1n) / atom : 0n;
  const margin = initialMargin(order.quantity, order.price, order.leverage);
  const fee = feeOn(value, feePpm);
  return { initialMargin: margin, openLoss, fee, total: margin + openLoss + fee };
}

/** The largest quantity, in whole lots, whose cost `available` covers (0 when not one lot). */
export function maxQuantity(
  order: Omit<OrderTerms, 'quantity'>,
  mark: bigint,
  feePpm: number,
  available: bigint,
  lot: bigint,
): bigint {
  const fits = (lots: bigint) =>
    orderCost({ ...order, quantity: lots * lot }, mark, feePpm).total <= available;
  // Cost grows with quantity: find the last number of lots that fits.
  let low = 0n;
  let high = 1n;
  while (fits(high)) {
    low = high;
    high *= 2n;
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low * lot;
}
