// Take-profit and stop-loss of a position, one rule wherever they are set: with the opening order,
// on a held position, and in the order form's preview. A take-profit lies beyond the entry and the
// mark in the position's favour; a stop-loss lies beyond both against it and before liquidation.
// The mark is what sets either off, so one at or through the mark would fire at once, and a
// stop-loss at or past the liquidation price would never fire before the position is liquidated.
// Prices are quote atoms per coin.
import type { Direction } from './margin.ts';

export type TpSlProblem = 'take_profit_invalid' | 'stop_loss_invalid';

/** What a take-profit and stop-loss are judged against. */
export interface TpSlGround {
  direction: Direction;
  /** The position's entry price, or the price an opening order is expected to enter at. */
  entry: bigint;
  /** The latest mark; null while there is none (the entry stands alone). */
  mark: bigint | null;
  /** The liquidation price the position has, or would have after the order; null: none. */
  liquidation: bigint | null;
}

/** Why `tp` or `sl` cannot be set on the ground given, or null when both can. */
export function tpSlProblem(
  ground: TpSlGround,
  tp: bigint | null,
  sl: bigint | null,
): TpSlProblem | null {
  const long = ground.direction === 'long';
  // `beyond(a, b)`: a lies past b in the position's favour.
  const beyond = (a: bigint, b: bigint) => (long ? a > b : a < b);
  const { entry, mark, liquidation } = ground;
  if (tp !== null && (!beyond(tp, entry) || (mark !== null && !beyond(tp, mark)))) {
    return 'take_profit_invalid';
  }
  if (sl !== null) {
    if (!beyond(entry, sl) || (mark !== null && !beyond(mark, sl))) return 'stop_loss_invalid';
    if (liquidation !== null && !beyond(sl, liquidation)) return 'stop_loss_invalid';
  }
  return null;
}

/**
 * The price a limit order is expected to enter at: its limit, or the best opposite price when the
 * limit crosses it (a buy above the best ask trades at the ask, not at its limit).
 */
export function limitEntry(
  direction: Direction,
  limit: bigint,
  bestOpposite: bigint | null,
): bigint {
  if (bestOpposite === null) return limit;
  const crosses = direction === 'long' ? limit > bestOpposite : limit < bestOpposite;
  return crosses ? bestOpposite : limit;
}

/** Which of the two the mark sets off, the stop-loss first when both would. */
export function tpSlTriggered(
  direction: Direction,
  mark: bigint,
  tp: bigint | null,
  sl: bigint | null,
): 'tp' | 'sl' | null {
  const long = direction === 'long';
  if (sl !== null && (long ? mark <= sl : mark >= sl)) return 'sl';
  if (tp !== null && (long ? mark >= tp : mark <= tp)) return 'tp';
  return null;
}
