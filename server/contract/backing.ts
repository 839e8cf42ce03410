// What stands behind a position (core/contract/margin.ts `backing`): its own margin when isolated;
// when cross, the cross wallet (the contract wallet less what isolated positions and isolated
// orders hold) less the other cross positions' maintenance margins plus their unrealized PnL, each
// at its own market's latest mark. The liquidation price, the liquidation test and the screen all
// take it from here.
import { maintenanceMargin, unrealizedPnl } from '../../core/contract/margin.ts';
import { asPosition, type PositionAmounts } from '../../core/contract/position-book.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import type { ContractMarket } from './contract-markets.ts';
import type { PositionState } from './engine-state.ts';
import type { MarkBoard } from './mark-board.ts';

/** What a backing reads of a position the user holds (the engine's own positions are ones). */
export interface HeldPosition extends PositionAmounts {
  userId: number;
  symbol: string;
  marginMode: MarginMode;
}

/** A user's contract account across every market: what a cross position's backing reads. */
export interface CrossAccounts {
  /** The user's open positions, in every market. */
  positionsOf(userId: number): readonly HeldPosition[];
  /** What the user's resting isolated-margin orders hold frozen, in every market. */
  isolatedOrderHolds(userId: number): bigint;
}

export interface Account {
  accounts: CrossAccounts;
  marks: MarkBoard;
  markets: ReadonlyMap<string, ContractMarket>;
}

/** The contract wallet's `total` (available + frozen) less what isolated margin holds. */
export function crossWallet(account: Account, userId: number, total: bigint): bigint {
  let wallet = total - account.accounts.isolatedOrderHolds(userId);
  for (const position of account.accounts.positionsOf(userId)) {
    if (position.marginMode === 'isolated') wallet -= position.margin;
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
  for (const other of account.accounts.positionsOf(position.userId)) {
    if (other === position || other.marginMode !== 'cross') continue;
    const mark = account.marks.latest(other.symbol);
    const market = account.markets.get(other.symbol);
    if (mark === null || !market) continue;
    backing += unrealizedPnl(asPosition(other), mark);
    if (withMaintenance) backing -= maintenanceMargin(market.brackets, other.quantity, mark);
  }
  return backing;
}
