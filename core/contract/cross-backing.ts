// What stands behind a cross position, as the server's `backing` defines it (docs/contracts.md):
// the contract wallet (available + frozen) less what isolated positions hold, less the other cross
// positions' maintenance margins plus their unrealized PnL, each at its market's mark. The order
// form's liquidation estimate and a cross position's live margin ratio both take it from here.
import type { Bracket } from './brackets.ts';
import type { HeldPosition } from './held-position.ts';
import { maintenanceMargin, unrealizedPnl } from './margin.ts';

export interface MarketMarks {
  /** The latest mark of a market in atoms; null while unknown. */
  mark(symbol: string): bigint | null;
  brackets(symbol: string): readonly Bracket[] | null;
}

/**
 * The backing of the cross position in `symbol` (held or to be opened): `walletTotal` is the
 * contract wallet's available plus frozen USDT, in atoms. A market whose mark or brackets are not
 * known yet counts neither its PnL nor its maintenance.
 */
export function crossBacking(
  walletTotal: bigint,
  positions: readonly HeldPosition[],
  symbol: string,
  marks: MarketMarks,
): bigint {
  let backing = walletTotal;
  for (const position of positions) {
    if (position.marginMode === 'isolated') {
      backing -= position.margin;
      continue;
    }
    if (position.symbol === symbol) continue;
    const mark = marks.mark(position.symbol);
    const brackets = marks.brackets(position.symbol);
    if (mark === null || brackets === null) continue;
    backing += unrealizedPnl(position, mark);
    backing -= maintenanceMargin(brackets, position.quantity, mark);
  }
  return backing;
}
