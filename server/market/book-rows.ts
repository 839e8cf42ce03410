// A book's levels and trades in units as the wire's decimal rows, for the calls and the socket
// alike, spot markets and perpetuals alike.
import { fromUnits } from '../../core/market/units.ts';
import type { Level, TradeRow } from '../../schemas/api/market.schema.ts';
import type { DepthData } from '../../schemas/channel-data.ts';
import type { DepthBook, UnitLevel } from './depth-book.ts';
import type { UnitTrade } from './recent-trades.ts';

/** Levels a depth snapshot carries: the book the screen shows and a margin for diffs to eat into. */
export const snapshotLevels = 100;

/** The decimals a market's units stand for. */
export interface Scales {
  priceScale: number;
  quantityScale: number;
}

/** The published book's best `limit` levels a side, as a snapshot frame's data, with its version. */
export function depthSnapshot(
  book: DepthBook,
  scales: Scales,
  limit = snapshotLevels,
): { version: number; data: Extract<DepthData, { type: 'snapshot' }> } {
  const snapshot = book.snapshot(limit);
  return {
    version: snapshot.version,
    data: {
      type: 'snapshot',
      bids: levelRows(snapshot.bids, scales),
      asks: levelRows(snapshot.asks, scales),
    },
  };
}

export function tradeRows(trades: readonly UnitTrade[], scales: Scales): TradeRow[] {
  return trades.map((trade) => [
    fromUnits(trade.price, scales.priceScale),
    fromUnits(trade.quantity, scales.quantityScale),
    trade.side,
    trade.ts,
  ]);
}

export function levelRows(levels: readonly UnitLevel[], scales: Scales): Level[] {
  return levels.map(([price, quantity]) => [
    fromUnits(price, scales.priceScale),
    fromUnits(quantity, scales.quantityScale),
  ]);
}
