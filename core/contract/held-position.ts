// An open position as the margin formulas take it, read from its wire form: direction, quantity
// and entry price in atoms, the margin behind it, and its settings. The entry is the one shown (at
// the market's price scale), so a figure worked out here may differ from the server's by the
// rounding of that price: the screen recomputes only between two of the server's updates.
import type { ContractPosition, MarginMode } from '../../schemas/api/contract.schema.ts';
import { signedAtoms } from '../market/decimal-atoms.ts';
import type { Direction, Position } from './margin.ts';

export interface HeldPosition extends Position {
  symbol: string;
  marginMode: MarginMode;
  leverage: number;
  /** USDT atoms frozen behind it. */
  margin: bigint;
}

export function heldPosition(position: ContractPosition): HeldPosition | null {
  const quantity = signedAtoms(position.quantity);
  const entryPrice = signedAtoms(position.entry_price);
  const margin = signedAtoms(position.margin);
  if (quantity === null || entryPrice === null || margin === null || quantity <= 0n) return null;
  return {
    symbol: position.symbol,
    direction: position.direction satisfies Direction,
    marginMode: position.margin_mode,
    leverage: position.leverage,
    quantity,
    entryPrice,
    margin,
  };
}
