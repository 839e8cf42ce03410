// Whether an order may enter a perpetual's book, before anything is frozen: a reduce-only order
// must face its position and not exceed it; an opening one keeps the position's leverage and
// margin mode within its size's bracket; a limit order's price lies within the market's band
// around the mark; the take-profit and stop-loss an opening order carries pass the rule a held
// position's would; a market order gets the protective limit it runs with.
import { bracketFor } from '../../core/contract/brackets.ts';
import { initialMargin, liquidationPrice, notional } from '../../core/contract/margin.ts';
import { type BookLevel, walkBook } from '../../core/contract/order-review.ts';
import { asPosition, type PositionAmounts, withOpened } from '../../core/contract/position-book.ts';
import { limitEntry, tpSlProblem } from '../../core/contract/tpsl.ts';
import { priceAtScale } from '../../core/market/decimal-atoms.ts';
import { feeOn } from '../../core/market/order-math.ts';
import { outsideBand } from '../../core/market/price-band.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import { BusinessError } from '../http/business-error.ts';
import type { OrderBook } from '../matching/order-book.ts';
import { backingOf } from './backing.ts';
import { type BatchContext, directionOf, type NewContractOrder } from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import { type EngineState, newPosition, type PositionState } from './engine-state.ts';

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

/**
 * A limit order's price within the market's band around the mark (docs/contracts.md § Price
 * band), as Binance's PERCENT_PRICE: without any mark yet there is nothing to judge it against.
 */
export function checkPriceBand(
  market: ContractMarket,
  order: NewContractOrder,
  price: number,
  mark: bigint | null,
): void {
  if (mark === null) return;
  const tick = priceAtoms(market, market.rules.tickSize);
  const maxPrice = priceAtoms(market, market.rules.maxPrice);
  const outside = outsideBand(market.band, order.side, priceAtoms(market, price), mark, {
    tick,
    maxPrice,
  });
  if (outside) {
    throw new BusinessError('price_outside_band', {
      min: priceAtScale(outside.min, market.priceScale),
      max: priceAtScale(outside.max, market.priceScale),
    });
  }
}

/**
 * The take-profit and stop-loss an opening order carries, judged by the rule `/contract/tpsl`
 * applies to a held position (core/contract/tpsl.ts), on the position the order would leave:
 * against the price it is expected to enter at (a market order's average through the book within
 * its protective limit; a limit order's limit, or the best opposite price when it crosses), the
 * mark, and the liquidation price that position would have.
 */
export function checkTpSlAtOpen(
  context: BatchContext,
  market: ContractMarket,
  book: OrderBook,
  order: NewContractOrder,
  price: number,
  mark: bigint,
): void {
  const tp = order.tpPrice ?? null;
  const sl = order.slPrice ?? null;
  if (tp === null && sl === null) return;
  const direction = directionOf(order.side);
  const entry = expectedEntry(market, book, order, price);
  const liquidation = liquidationAfter(context, market, order, entry);
  const problem = tpSlProblem({ direction, entry, mark, liquidation }, tp, sl);
  if (problem) throw new BusinessError(problem);
}

function expectedEntry(
  market: ContractMarket,
  book: OrderBook,
  order: NewContractOrder,
  price: number,
): bigint {
  const buying = order.side === 'buy';
  const limit = priceAtoms(market, price);
  if (order.type === 'limit') {
    const best = buying ? book.bestAsk() : book.bestBid();
    return limitEntry(directionOf(order.side), limit, best === 0 ? null : priceAtoms(market, best));
  }
  const reachable: BookLevel[] = book
    .depth(buying ? 'sell' : 'buy', 1_000)
    .filter((level) => (buying ? level.price <= price : level.price >= price))
    .map((level) => [priceAtoms(market, level.price), quantityAtoms(market, level.quantity)]);
  return walkBook(reachable, quantityAtoms(market, order.quantity))?.average ?? limit;
}

/**
 * The liquidation price of the position after the order fills at `entry`: backed by its own
 * margin when isolated, by the wallet less the fee when cross; null when it leaves no position
 * of its direction (it only closes one) or that position cannot be liquidated.
 */
function liquidationAfter(
  context: BatchContext,
  market: ContractMarket,
  order: NewContractOrder,
  entry: bigint,
): bigint | null {
  const direction = directionOf(order.side);
  const quantity = quantityAtoms(market, order.quantity);
  const held = context.state.positionOf(order.userId, order.symbol);
  const opened = (size: bigint): PositionAmounts => ({
    direction,
    quantity: size,
    cost: notional(size, entry),
    margin: initialMargin(size, entry, order.leverage),
  });
  let after: PositionAmounts;
  if (!held) after = opened(quantity);
  else if (held.direction === direction) {
    after = withOpened(held, quantity, entry, initialMargin(quantity, entry, order.leverage));
  } else if (quantity > held.quantity) after = opened(quantity - held.quantity);
  else return null;
  let backing = after.margin;
  if (order.marginMode === 'cross') {
    const subject =
      held ??
      newPosition({
        id: 0,
        userId: order.userId,
        symbol: order.symbol,
        direction,
        marginMode: 'cross',
        leverage: order.leverage,
        openedAt: context.now,
      });
    // The taker fee leaves the wallet when the order fills at the entry.
    const fee = feeOn(notional(quantity, entry), market.fees.takerPpm);
    backing = backingOf(context, subject, context.balances.total(order.userId) - fee);
  }
  return liquidationPrice(market.brackets, asPosition(after), backing);
}
