// The central limit order book of one market: price-time priority, limit orders, market buys by
// turnover (quote amount) and market sells by quantity, cancels, partial fills. Pure and
// synchronous: one instance per market, driven by that market's single writer. Each command
// writes its results into `events` (reused between commands) and returns how many it wrote.
//
// Self-trade prevention: an incoming order never trades with a resting order of the same user.
// When it reaches one that it would trade with, the resting order is cancelled (event `cancel`,
// reason `self_trade`) and matching goes on with the next resting order.

import {
  affordableQuantity,
  assertRules,
  checkLimitOrder,
  checkMarketBuy,
  checkMarketSell,
  type MarketRules,
} from '../../core/market/order-rules.ts';
import { BookSide } from './book-side.ts';
import {
  type CancelReason,
  type EngineEvent,
  EventBuffer,
  type RejectReason,
  type Side,
} from './events.ts';
import { LevelStore } from './level-store.ts';
import { OrderTable } from './order-table.ts';
import { NONE } from './slot.ts';

/** A resting order as seen from outside the book. */
export interface RestingOrder {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
}

/**
 * Limits what a resting order may still trade, asked as matching reaches it (the contract engine's
 * reduce-only orders may only close what their owner's position still holds). Answering less
 * than `remaining` caps the fill; 0 cancels the order (reason `reduce_only`) and matching goes on.
 */
export interface MakerGuard {
  room(orderId: number, userId: number, remaining: number): number;
  /** A resting order traded `quantity`. */
  filled(orderId: number, userId: number, quantity: number): void;
}

/** One aggregated price level, for depth. */
export interface DepthLevel {
  price: number;
  quantity: number;
  orders: number;
}

export class OrderBook {
  readonly rules: MarketRules;
  private readonly out = new EventBuffer();
  /** Resting orders, by slot, found by id. */
  private readonly orders: OrderTable;
  private readonly levels: LevelStore;
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  /** Totals of the incoming order being matched, for its `done` event. */
  private filledQuantity = 0;
  private filledQuote = 0;
  /** Set by the caller for the commands that need it; null on spot. */
  guard: MakerGuard | null = null;

  constructor(rules: MarketRules, options: { preallocateOrders?: number } = {}) {
    assertRules(rules);
    this.rules = { ...rules };
    const capacity = options.preallocateOrders ?? 0;
    this.orders = new OrderTable(capacity);
    this.levels = new LevelStore(this.orders, capacity);
    const { tickSize, maxPrice } = this.rules;
    this.bids = new BookSide(true, this.levels, tickSize, maxPrice);
    this.asks = new BookSide(false, this.levels, tickSize, maxPrice);
  }

  /** The events of the last command; entries past `eventCount` are stale. */
  get events(): readonly EngineEvent[] {
    return this.out.items;
  }

  get eventCount(): number {
    return this.out.length;
  }

  get orderCount(): number {
    return this.orders.size;
  }

  /** Best bid price, or 0 when there are no bids. */
  bestBid(): number {
    return this.bids.best === NONE ? 0 : this.levels.price(this.bids.best);
  }

  /** Best ask price, or 0 when there are no asks. */
  bestAsk(): number {
    return this.asks.best === NONE ? 0 : this.levels.price(this.asks.best);
  }

  order(orderId: number): RestingOrder | undefined {
    const slot = this.orders.find(orderId);
    if (slot === NONE) return undefined;
    return this.restingOrder(slot);
  }

  /** Total resting quantity at exactly `price` on `side`; 0 when no order rests there. */
  quantityAt(side: Side, price: number): number {
    const level = this.sideOf(side).find(price);
    return level === NONE ? 0 : this.levels.quantity(level);
  }

  /** Aggregated levels from the best price outwards. */
  depth(side: Side, limit: number): DepthLevel[] {
    const result: DepthLevel[] = [];
    const book = this.sideOf(side);
    const levels = this.levels;
    for (let level = book.best; level !== NONE && result.length < limit; level = book.next(level)) {
      result.push({
        price: levels.price(level),
        quantity: levels.quantity(level),
        orders: levels.orderCount(level),
      });
    }
    return result;
  }

  /** Every resting order of a side: best price first, time order within a price. */
  restingOrders(side: Side): RestingOrder[] {
    const result: RestingOrder[] = [];
    const book = this.sideOf(side);
    for (let level = book.best; level !== NONE; level = book.next(level)) {
      this.levels.forEachOrder(level, (slot) => result.push(this.restingOrder(slot)));
    }
    return result;
  }

  /** A limit order: trades against the other side up to `price`, then rests with what is left. */
  limit(orderId: number, userId: number, side: Side, price: number, quantity: number): number {
    this.out.clear();
    const reason = this.checkIds(orderId, userId) ?? checkLimitOrder(this.rules, price, quantity);
    if (reason !== null) return this.reject(orderId, userId, side, reason);
    const left = this.match(orderId, userId, side, price, quantity, false);
    if (left === 0) {
      this.done(orderId, userId, side, price, 0);
      return this.out.length;
    }
    const slot = this.orders.add(orderId, userId, side, left);
    this.levels.append(this.sideOf(side).levelAt(price), slot);
    const event = this.out.push('rest', orderId, userId, side);
    event.price = price;
    event.quantity = left;
    event.remaining = left;
    return this.out.length;
  }

  /**
   * An immediate-or-cancel limit order: trades up to `price` and never rests; what finds no
   * counterpart is released (the `done` event's `remaining`).
   */
  immediate(orderId: number, userId: number, side: Side, price: number, quantity: number): number {
    this.out.clear();
    const reason = this.checkIds(orderId, userId) ?? checkLimitOrder(this.rules, price, quantity);
    if (reason !== null) return this.reject(orderId, userId, side, reason);
    const left = this.match(orderId, userId, side, price, quantity, false);
    this.done(orderId, userId, side, price, left);
    return this.out.length;
  }

  /** A market buy spending at most `turnover` quote units; what it cannot spend is released. */
  marketBuy(orderId: number, userId: number, turnover: number): number {
    this.out.clear();
    const reason = this.checkIds(orderId, userId) ?? checkMarketBuy(this.rules, turnover);
    if (reason !== null) return this.reject(orderId, userId, 'buy', reason);
    const left = this.match(orderId, userId, 'buy', Number.POSITIVE_INFINITY, turnover, true);
    this.done(orderId, userId, 'buy', 0, left);
    return this.out.length;
  }

  /** A market sell of `quantity`; what finds no bid is released. */
  marketSell(orderId: number, userId: number, quantity: number): number {
    this.out.clear();
    const reason = this.checkIds(orderId, userId) ?? checkMarketSell(this.rules, quantity);
    if (reason !== null) return this.reject(orderId, userId, 'sell', reason);
    const left = this.match(orderId, userId, 'sell', 0, quantity, false);
    this.done(orderId, userId, 'sell', 0, left);
    return this.out.length;
  }

  /** Cancels a resting order of `userId`. Unknown, finished and other users' orders are rejected. */
  cancel(orderId: number, userId: number): number {
    this.out.clear();
    const slot = this.orders.find(orderId);
    if (slot === NONE) return this.reject(orderId, userId, 'buy', 'unknown_order');
    if (this.orders.userId(slot) !== userId) {
      return this.reject(orderId, userId, this.orders.side(slot), 'not_owner');
    }
    this.removeResting(slot, 'user');
    return this.out.length;
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private restingOrder(slot: number): RestingOrder {
    const orders = this.orders;
    return {
      orderId: orders.id(slot),
      userId: orders.userId(slot),
      side: orders.side(slot),
      price: this.levels.price(orders.level(slot)),
      remaining: orders.remaining(slot),
    };
  }

  private checkIds(orderId: number, userId: number): RejectReason | null {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) return 'invalid_order_id';
    if (!Number.isSafeInteger(userId) || userId <= 0) return 'invalid_user';
    return this.orders.find(orderId) === NONE ? null : 'duplicate_order_id';
  }

  /**
   * Trades the incoming order against the opposite side while prices cross. `amount` is a
   * quantity, or a quote budget when `byQuote`. Answers what is left of `amount`.
   */
  private match(
    orderId: number,
    userId: number,
    side: Side,
    limitPrice: number,
    amount: number,
    byQuote: boolean,
  ): number {
    const isBuy = side === 'buy';
    const opposite = isBuy ? this.asks : this.bids;
    const orders = this.orders;
    const levels = this.levels;
    let left = amount;
    this.filledQuantity = 0;
    this.filledQuote = 0;
    while (left > 0) {
      const level = opposite.best;
      if (level === NONE) break;
      const price = levels.price(level);
      if (isBuy ? price > limitPrice : price < limitPrice) break;
      const wanted = byQuote ? affordableQuantity(this.rules, left, price) : left;
      // The budget cannot buy one lot here, and every later level is dearer.
      if (wanted === 0) break;
      const maker = levels.head(level);
      const makerUserId = orders.userId(maker);
      if (makerUserId === userId) {
        this.removeResting(maker, 'self_trade');
        continue;
      }
      const makerLeft = orders.remaining(maker);
      const room = this.guard
        ? this.guard.room(orders.id(maker), makerUserId, makerLeft)
        : makerLeft;
      if (room <= 0) {
        this.removeResting(maker, 'reduce_only');
        continue;
      }
      const quantity = Math.min(wanted, makerLeft, room);
      const makerRemaining = makerLeft - quantity;
      const quote = price * quantity;
      left -= byQuote ? quote : quantity;
      this.filledQuantity += quantity;
      this.filledQuote += quote;
      orders.setRemaining(maker, makerRemaining);
      levels.reduce(level, quantity);
      const event = this.out.push('fill', orderId, userId, side);
      event.price = price;
      event.quantity = quantity;
      event.quote = quote;
      event.remaining = left;
      event.makerOrderId = orders.id(maker);
      event.makerUserId = makerUserId;
      event.makerRemaining = makerRemaining;
      this.guard?.filled(event.makerOrderId, makerUserId, quantity);
      if (makerRemaining === 0) this.unlinkResting(maker, level, opposite);
    }
    return left;
  }

  private removeResting(slot: number, reason: CancelReason): void {
    const orders = this.orders;
    const side = orders.side(slot);
    const level = orders.level(slot);
    const event = this.out.push('cancel', orders.id(slot), orders.userId(slot), side);
    event.price = this.levels.price(level);
    event.remaining = orders.remaining(slot);
    event.reason = reason;
    this.unlinkResting(slot, level, this.sideOf(side));
  }

  private unlinkResting(slot: number, level: number, side: BookSide): void {
    this.levels.unlink(level, slot);
    if (this.levels.orderCount(level) === 0) side.remove(level);
    this.orders.release(slot);
  }

  /** Closes an incoming order that does not rest, with the totals of its fills. */
  private done(orderId: number, userId: number, side: Side, price: number, left: number): void {
    const event = this.out.push('done', orderId, userId, side);
    event.price = price;
    event.quantity = this.filledQuantity;
    event.quote = this.filledQuote;
    event.remaining = left;
  }

  private reject(orderId: number, userId: number, side: Side, reason: RejectReason): number {
    const event = this.out.push('reject', orderId, userId, side);
    event.reason = reason;
    return this.out.length;
  }
}
