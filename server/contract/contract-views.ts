// Contract orders and positions as the calls and the socket answer them: prices at the market's
// scale, amounts as a trader reads them, and a position's live figures (PnL, ROE, margin ratio,
// liquidation price) from the same formulas in core/contract/ the engine liquidates by.

import {
  initialMarginOfCost,
  liquidationPrice,
  maintenanceMargin,
  unrealizedPnl,
} from '../../core/contract/margin.ts';
import { asPosition, entryPrice } from '../../core/contract/position-book.ts';
import { priceAtScale, ratioText } from '../../core/market/decimal-atoms.ts';
import { fromUnits } from '../../core/market/units.ts';
import { displayAmount } from '../../core/money.ts';
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import { type ContractMarket, quantityAtoms } from './contract-markets.ts';
import type { OrderState, PositionState } from './engine-state.ts';

const atom = 100_000_000n;

/** Atoms per coin as a price at the market's scale, rounded half up (the app's rule too). */
export function priceText(market: ContractMarket, atoms: bigint): string {
  return priceAtScale(atoms, market.priceScale);
}

/** Base atoms at the market's quantity scale (exact for what the engine holds). */
export function quantityText(market: ContractMarket, atoms: bigint): string {
  return fromUnits(atoms / quantityAtoms(market, 1), market.quantityScale);
}

export function orderView(order: OrderState, market: ContractMarket, now: Date): ContractOrder {
  return {
    id: order.id,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    purpose: order.purpose,
    price: fromUnits(order.price, market.priceScale),
    quantity: fromUnits(order.quantity, market.quantityScale),
    leverage: order.leverage,
    margin_mode: order.marginMode,
    reduce_only: order.reduceOnly,
    filled_quantity: quantityText(market, order.filledQuantity),
    avg_price:
      order.filledQuantity === 0n
        ? null
        : priceText(market, (order.filledValue * atom) / order.filledQuantity),
    fee: displayAmount(order.fee),
    realized_pnl: displayAmount(order.realizedPnl),
    status: order.status,
    cancel_reason: order.cancelReason,
    created_at: order.createdAt.toISOString(),
    updated_at: now.toISOString(),
  };
}

/** An open position at `mark` with `backing` behind it (backing.ts). */
export function positionView(
  position: PositionState,
  market: ContractMarket,
  mark: bigint | null,
  backing: bigint,
): ContractPosition {
  const shape = asPosition(position);
  const pnl = mark === null ? 0n : unrealizedPnl(shape, mark);
  const initial = initialMarginOfCost(position.cost, position.leverage);
  const maintenance =
    mark === null ? 0n : maintenanceMargin(market.brackets, position.quantity, mark);
  const liquidation =
    position.quantity === 0n ? null : liquidationPrice(market.brackets, shape, backing);
  return {
    id: position.id,
    symbol: position.symbol,
    direction: position.direction,
    leverage: position.leverage,
    margin_mode: position.marginMode,
    quantity: quantityText(market, position.quantity),
    entry_price: priceText(market, entryPrice(position)),
    mark_price: mark === null ? null : priceText(market, mark),
    margin: displayAmount(position.margin),
    unrealized_pnl: displayAmount(pnl),
    roe: ratioText(pnl, initial),
    // No margin balance left: as liquidated as a ratio can say.
    margin_ratio: ratioText(maintenance, backing + pnl, '1'),
    liquidation_price: liquidation === null ? null : priceText(market, liquidation),
    tp_price: position.tpPrice === null ? null : priceText(market, position.tpPrice),
    sl_price: position.slPrice === null ? null : priceText(market, position.slPrice),
    tpsl_quantity:
      position.tpslQuantity === null ? null : quantityText(market, position.tpslQuantity),
    open_fee: displayAmount(position.openFee),
    realized_pnl: displayAmount(position.realizedPnl),
    funding_fee: displayAmount(position.fundingFee),
    opened_at: position.openedAt.toISOString(),
  };
}
