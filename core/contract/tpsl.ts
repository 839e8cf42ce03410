// Take-profit and stop-loss of a position, for the form's check and the server's: which side of
// the entry each belongs on, and when the mark sets one off. A take-profit is beyond the entry in
// the position's favour; a stop-loss is against it, and must trigger before liquidation would.
// Prices are quote atoms per coin.
import type { Direction } from './margin.ts';

export type TpSlProblem = 'take_profit_invalid' | 'stop_loss_invalid';

/** Why `tp` or `sl` cannot be set on a position entered at `entry`, or null when both can. */
export function tpSlProblem(
  direction: Direction,
  entry: bigint,
  liquidation: bigint | null,
  tp: bigint | null,
  sl: bigint | null,
): TpSlProblem | null {
  const long = direction === 'long';
  if (tp !== null && (long ? tp <= entry : tp >= entry)) return 'take_profit_invalid';
  if (sl !== null) {
    if (long ? sl >= entry : sl <= entry) return 'stop_loss_invalid';
    if (liquidation !== null && (long ? sl <= liquidation : sl >= liquidation)) {
      return 'stop_loss_invalid';
    }
  }
  return null;
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
