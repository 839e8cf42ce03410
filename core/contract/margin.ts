// The margin of a USDT-margined linear perpetual position in one place, for the order form's
// preview and for the server that settles and liquidates: notional, initial and maintenance
// margin, unrealized PnL and the liquidation price (Binance's one-way formula, re-solved across
// brackets). Quantities are base atoms (10^-8 of a coin), prices quote atoms per whole coin,
// amounts USDT atoms; everything is exact integer arithmetic.
import { type Bracket, bracketFor } from './brackets.ts';
import { ceilDiv, floorDiv } from './rounding.ts';

export type Direction = 'long' | 'short';

export interface Position {
  direction: Direction;
  /** Base atoms, positive. */
  quantity: bigint;
  /** Quote atoms per whole coin. */
  entryPrice: bigint;
}

const atom = 100_000_000n;
const ppm = 1_000_000n;

const sign = (direction: Direction) => (direction === 'long' ? 1n : -1n);

/** quantity × price in USDT atoms, rounded down. */
export function notional(quantity: bigint, price: bigint): bigint {
  return (quantity * price) / atom;
}

/**
 * Quantity × price ÷ leverage in USDT atoms, rounded up once with nothing rounded before it: the
 * exchange never asks less than the rule, and never a whole atom more than its exact amount.
 */
export function initialMargin(quantity: bigint, price: bigint, leverage: number): bigint {
  return ceilDiv(quantity * price, atom * BigInt(leverage));
}

/**
 * The initial margin of a position's cost (the sum of the values it was opened at, each already
 * booked to the atom), ÷ leverage rounded up. The cost is the amount its PnL is realized against;
 * the exact quantity × price of each fill is not kept, so nothing more exact can be had from it.
 */
export function initialMarginOfCost(cost: bigint, leverage: number): bigint {
  return ceilDiv(cost, BigInt(leverage));
}

/** Quantity × direction × (mark − entry), rounded down: a gain is never shown larger than it is. */
export function unrealizedPnl(position: Position, mark: bigint): bigint {
  return floorDiv(
    sign(position.direction) * position.quantity * (mark - position.entryPrice),
    atom,
  );
}

/** Notional × MMR − the bracket's amount, at the bracket of the notional, rounded up. */
export function maintenanceMargin(
  brackets: readonly Bracket[],
  quantity: bigint,
  mark: bigint,
): bigint {
  const bracket = bracketFor(brackets, notional(quantity, mark));
  const scaled = quantity * mark * BigInt(bracket.mmrPpm) - bracket.cum * atom * ppm;
  return ceilDiv(scaled, atom * ppm);
}

/**
 * Whether the position is liquidated at `mark`: its margin balance (`backing` plus its unrealized
 * PnL) is at or below its maintenance margin, compared exactly. `backing` is what stands behind
 * the position: its own margin when isolated; when cross, the contract wallet's balance less the
 * other positions' maintenance margins plus their unrealized PnL.
 */
export function isLiquidated(
  brackets: readonly Bracket[],
  position: Position,
  backing: bigint,
  mark: bigint,
): boolean {
  const { quantity, entryPrice } = position;
  const bracket = bracketFor(brackets, notional(quantity, mark));
  // Both sides × 10^14 (atoms × ppm), so no division rounds.
  const balance =
    backing * atom * ppm + sign(position.direction) * quantity * (mark - entryPrice) * ppm;
  const maintenance = quantity * mark * BigInt(bracket.mmrPpm) - bracket.cum * atom * ppm;
  return balance <= maintenance;
}

/** Binance's one-way formula for one bracket, as a price in atoms (a fraction, floored). */
function formulaPrice(bracket: Bracket, position: Position, backing: bigint): bigint {
  const s = sign(position.direction);
  const { quantity: q, entryPrice: p } = position;
  const numerator = ((backing + bracket.cum) * atom - s * q * p) * ppm;
  const denominator = q * (BigInt(bracket.mmrPpm) - s * ppm);
  return floorDiv(numerator, denominator);
}

/**
 * The price at which the position is liquidated: for a long the highest price in atoms at which
 * `isLiquidated` holds, for a short the lowest; null when there is none (a long backed by more
 * than its notional). The formula's bracket is re-solved until the price falls in it, and the
 * result is then made exact against `isLiquidated`, so the engine liquidates where this says.
 */
export function liquidationPrice(
  brackets: readonly Bracket[],
  position: Position,
  backing: bigint,
): bigint | null {
  let bracket = bracketFor(brackets, notional(position.quantity, position.entryPrice));
  let price = formulaPrice(bracket, position, backing);
  for (let i = 0; i < brackets.length; i++) {
    const next = bracketFor(brackets, notional(position.quantity, price > 0n ? price : 0n));
    if (next === bracket) break;
    bracket = next;
    price = formulaPrice(bracket, position, backing);
  }
  const liquidated = (mark: bigint) => isLiquidated(brackets, position, backing, mark);
  if (position.direction === 'long') {
    if (!liquidated(1n)) return null;
    return lastTrue(liquidated, price < 1n ? 1n : price);
  }
  return firstTrue(liquidated, price < 1n ? 1n : price);
}

/** For a predicate true up to some price and false above: the last price where it holds (≥ 1). */
function lastTrue(holds: (price: bigint) => boolean, guess: bigint): bigint {
  let low = guess;
  let high = guess;
  let step = 1n;
  if (holds(guess)) {
    while (holds(high + step)) step *= 2n;
    low = high;
    high = high + step;
  } else {
    while (low - step >= 1n && !holds(low - step)) step *= 2n;
    high = low;
    low = low - step >= 1n ? low - step : 1n;
  }
  // holds(low), !holds(high)
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (holds(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** For a predicate false below some price and true from it on: the first price where it holds. */
function firstTrue(holds: (price: bigint) => boolean, guess: bigint): bigint {
  let low = guess;
  let high = guess;
  let step = 1n;
  if (holds(guess)) {
    while (low - step >= 1n && holds(low - step)) step *= 2n;
    if (low - step < 1n) {
      if (holds(1n)) return 1n;
      low = 1n;
    } else low = low - step;
  } else {
    while (!holds(high + step)) step *= 2n;
    low = high;
    high = high + step;
  }
  // !holds(low), holds(high)
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (holds(middle)) high = middle;
    else low = middle;
  }
  return high;
}
