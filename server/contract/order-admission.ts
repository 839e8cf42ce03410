// Whether an order may enter a perpetual's book, before anything is frozen: a reduce-only order
// must face its position and not exceed it; an opening one keeps the position's leverage and
// margin mode within its size's bracket; a market order gets the protective limit it runs with.
import { bracketFor } from '../../core/contract/brackets.ts';
import { notional } from '../../core/contract/margin.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import { BusinessError } from '../http/business-error.ts';
import type { OrderBook } from '../matching/order-book.ts';
import { type BatchContext, directionOf, type NewContractOrder } from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import type { EngineState, PositionState } from './engine-state.ts';

/** A reduce-only order must face the position and not exceed it. */
export function checkReduces(
  market: ContractMarket,
  order: NewContractOrder,
  position: PositionState | undefined,
): void {
  if (!position) throw new BusinessError('position_not_found');
  if (position.direction === directionOf(order.side)) {
    throw new BusinessError('reduce_only_would_open');
  }
  if (quantityAtoms(market, order.quantity) > position.quantity) {
    throw new BusinessError('close_exceeds_position');
  }
}

/** An opening order keeps the market's leverage and mode, within the size's bracket. */
export function checkOpens(
  state: EngineState,
  market: ContractMarket,
  order: NewContractOrder,
  position: PositionState | undefined,
  mark: bigint,
): void {
  const others = state
    .ordersOf(order.userId, order.symbol)
    .filter((resting) => !resting.reduceOnly);
  const differs = (terms: { leverage: number; marginMode: MarginMode }) =>
    terms.leverage !== order.leverage || terms.marginMode !== order.marginMode;
  if ((position && differs(position)) || others.some(differs)) {
    throw new BusinessError('contract_settings_locked');
  }
  const price = order.price === null ? mark : priceAtoms(market, order.price);
  const size =
    (position?.direction === directionOf(order.side) ? position.quantity : 0n) +
    quantityAtoms(market, order.quantity);
  const bracket = bracketFor(market.brackets, notional(size, price));
  if (order.leverage > bracket.maxLeverage) {
    throw new BusinessError('leverage_too_high_for_position', { count: bracket.maxLeverage });
  }
}

/**
 * A market order's limit: the price at which the book holds its whole quantity, but no further
 * from the mark than the band, so a thin book cannot fill it at any price.
 */
export function protectiveLimit(
  market: ContractMarket,
  book: OrderBook,
  order: NewContractOrder,
  context: Pick<BatchContext, 'marks' | 'marketBandPpm'>,
): number {
  const buying = order.side === 'buy';
  const levels = book.depth(buying ? 'sell' : 'buy', 1_000);
  if (levels.length === 0) throw new BusinessError('no_liquidity');
  let left = order.quantity;
  let price = (levels[0] as { price: number }).price;
  for (const level of levels) {
    price = level.price;
    left -= level.quantity;
    if (left <= 0) break;
  }
  const mark = context.marks.latest(order.symbol);
  if (mark === null) return price;
  const band = BigInt(context.marketBandPpm);
  const bound = buying
    ? (mark * (1_000_000n + band)) / 1_000_000n
    : (mark * (1_000_000n - band)) / 1_000_000n;
  const scale = 10n ** BigInt(8 - market.priceScale);
  const boundUnits = Number(bound / scale);
  return buying ? Math.min(price, boundUnits) : Math.max(price, boundUnits);
}
