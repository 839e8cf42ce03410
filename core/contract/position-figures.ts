// A position's live figures at a mark newer than the server's last word on it: unrealized PnL, ROE
// (PnL ÷ initial margin) and margin ratio (maintenance ÷ margin balance, liquidation at 1), with
// the formulas and ratio rule the server writes them with.

import { ratioText } from '../market/decimal-atoms.ts';
import { displayAmount } from '../money.ts';
import type { Bracket } from './brackets.ts';
import type { HeldPosition } from './held-position.ts';
import { initialMargin, maintenanceMargin, unrealizedPnl } from './margin.ts';

export interface PositionFigures {
  /** USDT, exact decimal. */
  unrealizedPnl: string;
  /** Fractions of four decimals. */
  roe: string;
  marginRatio: string;
}

/** `backing` is the position's margin when isolated, `crossBacking` when cross. */
export function figuresAtMark(
  position: HeldPosition,
  mark: bigint,
  brackets: readonly Bracket[],
  backing: bigint,
): PositionFigures {
  const pnl = unrealizedPnl(position, mark);
  const initial = initialMargin(position.quantity, position.entryPrice, position.leverage);
  const maintenance = maintenanceMargin(brackets, position.quantity, mark);
  return {
    unrealizedPnl: displayAmount(pnl),
    roe: ratioText(pnl, initial),
    marginRatio: ratioText(maintenance, backing + pnl, '1'),
  };
}

/**
 * A closed position's return on its initial margin (realized PnL ÷ the margin its entry at its
 * leverage needed), as a fraction of four decimals: what its share card shows.
 */
export function realizedRoe(position: HeldPosition, realizedPnl: bigint): string {
  const initial = initialMargin(position.quantity, position.entryPrice, position.leverage);
  return ratioText(realizedPnl, initial);
}
