// What stands behind a position (core/contract/margin.ts `backing`): its own margin when isolated;
// when cross, the cross wallet (the contract wallet less what isolated positions and isolated
// orders hold) less the other cross positions' maintenance margins plus their unrealized PnL, each
// at its own market's latest mark. The liquidation price, the liquidation test and the screen all
// take it from here.
import { maintenanceMargin, unrealizedPnl } from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { EngineState, PositionState } from './engine-state.ts';
import type { MarkBoard } from './mark-board.ts';

export interface Account {
  state: EngineState;
  marks: MarkBoard;
  markets: ReadonlyMap<string, ContractMarket>;
}

/** The contract wallet's `total` (available + frozen) less what isolated margin holds. */
export function crossWallet(account: Account, userId: number, total: bigint): bigint {
  let wallet = total;
  for (const position of account.state.positionsOf(userId)) {
    if (position.marginMode === 'isolated') wallet -= position.margin;
  }
  for (const order of account.state.ordersOf(userId)) {
    if (order.marginMode === 'isolated') wallet -= order.frozen;
  }
  return wallet;
}

/**
 * The backing for the liquidation test, or with `withMaintenance` false the margin balance that
 * the bankruptcy price brings to zero.
 */
export function backingOf(
  account: Account,
  position: PositionState,
  walletTotal: bigint,
  withMaintenance = true,
): bigint {
  if (position.marginMode === 'isolated') return position.margin;
  let backing = crossWallet(account, position.userId, walletTotal);
  for (const other of account.state.positionsOf(position.userId)) {
    if (other === position || other.marginMode !== 'cross') continue;
    const mark = account.marks.latest(other.symbol);
    const market = account.markets.get(other.symbol);
    if (mark === null || !market) continue;
    backing += unrealizedPnl(asPosition(other), mark);
    if (withMaintenance) backing -= maintenanceMargin(market.brackets, other.quantity, mark);
  }
  return backing;
}
