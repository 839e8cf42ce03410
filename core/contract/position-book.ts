// A one-way position's book-keeping, shared by the server's settlement and the app's preview of a
// close: what a fill adds to it, and what closing part of it releases and realizes. A position is
// kept as its quantity and its cost (the exact sum of the notionals it was opened at), so a full
// close realizes exactly what was paid, and a partial close takes a share of the cost rounded so
// that what stays behind absorbs the rounding. Quantities base atoms, prices quote atoms per whole
// coin, amounts USDT atoms.
import { type Direction, notional, type Position } from './margin.ts';
import { ceilDiv, floorDiv } from './rounding.ts';

export interface PositionAmounts {
  direction: Direction;
  quantity: bigint;
  /** Σ quantity × price of what was opened and is still held, USDT atoms (exact). */
  cost: bigint;
  /** What the position holds frozen behind it, USDT atoms. */
  margin: bigint;
}

export interface ClosedPart {
  quantity: bigint;
  /** The share of the cost the closed quantity carried. */
  cost: bigint;
  /** The share of the margin it releases. */
  margin: bigint;
  /** What it realizes: (close value − cost) for a long, (cost − close value) for a short. */
  pnl: bigint;
}

const atom = 100_000_000n;

/** The average entry price, rounded against the trader (up for a long, down for a short). */
export function entryPrice({ direction, quantity, cost }: PositionAmounts): bigint {
  if (quantity === 0n) return 0n;
  return direction === 'long' ? ceilDiv(cost * atom, quantity) : floorDiv(cost * atom, quantity);
}

/** The position as the margin formulas take it. */
export function asPosition(amounts: PositionAmounts): Position {
  return {
    direction: amounts.direction,
    quantity: amounts.quantity,
    entryPrice: entryPrice(amounts),
  };
}

/** Closing `quantity` (at most the position's) at `price`: the shares it takes and its PnL. */
export function closePart(position: PositionAmounts, quantity: bigint, price: bigint): ClosedPart {
  if (quantity <= 0n || quantity > position.quantity) {
    throw new Error(`cannot close ${quantity} of a position of ${position.quantity}`);
  }
  const whole = quantity === position.quantity;
  const cost = whole ? position.cost : (position.cost * quantity) / position.quantity;
  const margin = whole ? position.margin : (position.margin * quantity) / position.quantity;
  const value = notional(quantity, price);
  const pnl = position.direction === 'long' ? value - cost : cost - value;
  return { quantity, cost, margin, pnl };
}

/** The position after `part` of it closed. */
export function withoutPart(position: PositionAmounts, part: ClosedPart): PositionAmounts {
  return {
    direction: position.direction,
    quantity: position.quantity - part.quantity,
    cost: position.cost - part.cost,
    margin: position.margin - part.margin,
  };
}

/** The position after `quantity` more was opened at `price` with `margin` more behind it. */
export function withOpened(
  position: PositionAmounts,
  quantity: bigint,
  price: bigint,
  margin: bigint,
): PositionAmounts {
  return {
    direction: position.direction,
    quantity: position.quantity + quantity,
    cost: position.cost + notional(quantity, price),
    margin: position.margin + margin,
  };
}

/**
 * The price at which the position's margin balance is zero (its bankruptcy price): for a long
 * (cost − backing) ÷ quantity, rounded up; for a short (cost + backing) ÷ quantity, rounded down.
 * A close at or beyond it never takes more than the backing.
 */
export function bankruptcyPrice(position: PositionAmounts, backing: bigint): bigint {
  const { quantity, cost } = position;
  if (position.direction === 'long') {
    const price = ceilDiv((cost - backing) * atom, quantity);
    return price > 0n ? price : 0n;
  }
  return floorDiv((cost + backing) * atom, quantity);
}
