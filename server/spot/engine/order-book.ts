// The central limit order book of one market: price-time priority, limit orders, market buys by
// turnover (quote amount) and market sells by quantity, cancels, partial fills. Pure and
// synchronous: one instance per market, driven by that market's single writer. Each command
// writes its results into `events` (reused between commands) and returns how many it wrote.
//
// Self-trade prevention: an incoming order never trades with a resting order of the same user.
// When it reaches one that it would trade with, the resting order is cancelled (event `cancel`,
// reason `self_trade`) and matching goes on with the next resting order.
import { BookSide } from './book-side.ts';
import { type EngineEvent, EventBuffer, type RejectReason, type Side } from './events.ts';
import {
  affordableQuantity,
  assertRules,
  checkLimitOrder,
  checkMarketBuy,
  checkMarketSell,
  type MarketRules,
} from './market-rules.ts';
import { LevelPool, type OrderNode, OrderPool, type PriceLevel } from './order-pool.ts';

/** A resting order as seen from outside the book. */
export interface RestingOrder {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
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
  private readonly orders = new Map<number, OrderNode>();
  private readonly pool: OrderPool;
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  /** Totals of the incoming order being matched, for its `done` event. */
  private filledQuantity = 0;
  private filledQuote = 0;

  constructor(rules: MarketRules, options: { preallocateOrders?: number } = {}) {
    assertRules(rules);
    this.rules = { ...rules };
    this.pool = new OrderPool(options.preallocateOrders ?? 0);
    const levels = new LevelPool();
    this.bids = new BookSide(true, levels);
    this.asks = new BookSide(false, levels);
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
    return this.bids.best()?.price ?? 0;
  }

  /** Best ask price, or 0 when there are no asks. */
  bestAsk(): number {
    return this.asks.best()?.price ?? 0;
  }

  order(orderId: number): RestingOrder | undefined {
    const node = this.orders.get(orderId);
    if (node === undefined) return undefined;
    const { userId, side, price, remaining } = node;
    return { orderId, userId, side, price, remaining };
  }

  /** Aggregated levels from the best price outwards. */
  depth(side: Side, limit: number): DepthLevel[] {
    const result: DepthLevel[] = [];
    for (const level of this.sideOf(side).levels(limit)) {
      result.push({ price: level.price, quantity: level.quantity, orders: level.orders });
    }
    return result;
  }

  /** Every resting order of a side: best price first, time order within a price. */
  restingOrders(side: Side): RestingOrder[] {
    const result: RestingOrder[] = [];
    for (const level of this.sideOf(side).levels()) {
      for (let node = level.head; node !== null; node = node.next) {
        const { id, userId, price, remaining } = node;
        result.push({ orderId: id, userId, side, price, remaining });
      }
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
    const node = this.pool.acquire();
    node.id = orderId;
    node.userId = userId;
    node.side = side;
    node.price = price;
    node.remaining = left;
    this.sideOf(side).levelAt(price).append(node);
    this.orders.set(orderId, node);
    const event = this.out.push('rest', orderId, userId, side);
    event.price = price;
    event.quantity = left;
    event.remaining = left;
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
    const node = this.orders.get(orderId);
    if (node === undefined) return this.reject(orderId, userId, 'buy', 'unknown_order');
    if (node.userId !== userId) return this.reject(orderId, userId, node.side, 'not_owner');
    this.removeResting(node, 'user');
    return this.out.length;
  }

  private sideOf(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  private checkIds(orderId: number, userId: number): RejectReason | null {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) return 'invalid_order_id';
    if (!Number.isSafeInteger(userId) || userId <= 0) return 'invalid_user';
    return this.orders.has(orderId) ? 'duplicate_order_id' : null;
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
    let left = amount;
    this.filledQuantity = 0;
    this.filledQuote = 0;
    while (left > 0) {
      const level = opposite.best();
      if (level === undefined) break;
      const price = level.price;
      if (isBuy ? price > limitPrice : price < limitPrice) break;
      const wanted = byQuote ? affordableQuantity(this.rules, left, price) : left;
      // The budget cannot buy one lot here, and every later level is dearer.
      if (wanted === 0) break;
      const maker = level.head as OrderNode;
      if (maker.userId === userId) {
        this.removeResting(maker, 'self_trade');
        continue;
      }
      const quantity = Math.min(wanted, maker.remaining);
      const quote = price * quantity;
      left -= byQuote ? quote : quantity;
      this.filledQuantity += quantity;
      this.filledQuote += quote;
      maker.remaining -= quantity;
      level.quantity -= quantity;
      const event = this.out.push('fill', orderId, userId, side);
      event.price = price;
      event.quantity = quantity;
      event.quote = quote;
      event.remaining = left;
      event.makerOrderId = maker.id;
      event.makerUserId = maker.userId;
      event.makerRemaining = maker.remaining;
      if (maker.remaining === 0) this.unlinkResting(maker, level, opposite);
    }
    return left;
  }

  private removeResting(node: OrderNode, reason: 'user' | 'self_trade'): void {
    const event = this.out.push('cancel', node.id, node.userId, node.side);
    event.price = node.price;
    event.remaining = node.remaining;
    event.reason = reason;
    this.unlinkResting(node, node.level as PriceLevel, this.sideOf(node.side));
  }

  private unlinkResting(node: OrderNode, level: PriceLevel, side: BookSide): void {
    level.unlink(node);
    if (level.orders === 0) side.remove(level);
    this.orders.delete(node.id);
    this.pool.release(node);
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
