// A plain reference order book for the differential test of server/spot/engine: each side is one
// array kept in priority order (best price first, then arrival), searched and spliced by hand.
// Slow and obvious on purpose; it shares no code with the engine, its validation included.

import type { MarketRules } from '../../core/market/order-rules.ts';
import type { EngineEvent, Side } from '../../server/matching/events.ts';
import type { RestingOrder } from '../../server/matching/order-book.ts';

interface Resting {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
}

export type NaiveEvent = EngineEvent;

function event(kind: EngineEvent['kind'], orderId: number, userId: number, side: Side) {
  const e: NaiveEvent = {
    kind,
    orderId,
    userId,
    side,
    price: 0,
    quantity: 0,
    quote: 0,
    remaining: 0,
    makerOrderId: 0,
    makerUserId: 0,
    makerRemaining: 0,
    reason: '',
  };
  return e;
}

const isCount = (n: number) => Number.isSafeInteger(n) && n > 0;

export class NaiveBook {
  private bids: Resting[] = [];
  private asks: Resting[] = [];

  constructor(private readonly rules: MarketRules) {}

  restingOrders(side: Side): RestingOrder[] {
    return (side === 'buy' ? this.bids : this.asks).map((o) => ({ ...o }));
  }

  limit(orderId: number, userId: number, side: Side, price: number, quantity: number) {
    const r = this.rules;
    let reason: NaiveEvent['reason'] = this.idProblem(orderId, userId);
    if (reason === '') {
      if (!isCount(price)) reason = 'invalid_price';
      else if (price % r.tickSize !== 0) reason = 'price_off_tick';
      else if (price > r.maxPrice) reason = 'price_too_high';
      else if (!isCount(quantity)) reason = 'invalid_quantity';
      else if (quantity % r.lotSize !== 0) reason = 'quantity_off_lot';
      else if (quantity > r.maxQuantity) reason = 'quantity_too_large';
      else if (price * quantity < r.minNotional) reason = 'below_min_notional';
    }
    if (reason !== '') return [this.rejection(orderId, userId, side, reason)];
    const events: NaiveEvent[] = [];
    const totals = { quantity: 0, quote: 0 };
    const left = this.match(events, totals, orderId, userId, side, price, quantity, false);
    if (left === 0) {
      const done = event('done', orderId, userId, side);
      done.price = price;
      done.quantity = totals.quantity;
      done.quote = totals.quote;
      events.push(done);
      return events;
    }
    const list = side === 'buy' ? this.bids : this.asks;
    // After every order at the same or a better price.
    let at = list.findIndex((o) => (side === 'buy' ? o.price < price : o.price > price));
    if (at === -1) at = list.length;
    list.splice(at, 0, { orderId, userId, side, price, remaining: left });
    const rest = event('rest', orderId, userId, side);
    rest.price = price;
    rest.quantity = left;
    rest.remaining = left;
    events.push(rest);
    return events;
  }

  marketBuy(orderId: number, userId: number, turnover: number) {
    let reason: NaiveEvent['reason'] = this.idProblem(orderId, userId);
    if (reason === '') {
      if (!isCount(turnover)) reason = 'invalid_amount';
      else if (turnover > this.rules.maxPrice * this.rules.maxQuantity) reason = 'amount_too_large';
      else if (turnover < this.rules.minNotional) reason = 'below_min_notional';
    }
    if (reason !== '') return [this.rejection(orderId, userId, 'buy', reason)];
    return this.market(orderId, userId, 'buy', turnover, true);
  }

  marketSell(orderId: number, userId: number, quantity: number) {
    let reason: NaiveEvent['reason'] = this.idProblem(orderId, userId);
    if (reason === '') {
      if (!isCount(quantity)) reason = 'invalid_quantity';
      else if (quantity % this.rules.lotSize !== 0) reason = 'quantity_off_lot';
      else if (quantity > this.rules.maxQuantity) reason = 'quantity_too_large';
    }
    if (reason !== '') return [this.rejection(orderId, userId, 'sell', reason)];
    return this.market(orderId, userId, 'sell', quantity, false);
  }

  cancel(orderId: number, userId: number) {
    const order = this.find(orderId);
    if (order === undefined) return [this.rejection(orderId, userId, 'buy', 'unknown_order')];
    if (order.userId !== userId) return [this.rejection(orderId, userId, order.side, 'not_owner')];
    const events: NaiveEvent[] = [];
    this.take(events, order, 'user');
    return events;
  }

  private market(orderId: number, userId: number, side: Side, amount: number, byQuote: boolean) {
    const events: NaiveEvent[] = [];
    const totals = { quantity: 0, quote: 0 };
    const limit = side === 'buy' ? Number.POSITIVE_INFINITY : 0;
    const left = this.match(events, totals, orderId, userId, side, limit, amount, byQuote);
    const done = event('done', orderId, userId, side);
    done.quantity = totals.quantity;
    done.quote = totals.quote;
    done.remaining = left;
    events.push(done);
    return events;
  }

  private match(
    events: NaiveEvent[],
    totals: { quantity: number; quote: number },
    orderId: number,
    userId: number,
    side: Side,
    limitPrice: number,
    amount: number,
    byQuote: boolean,
  ): number {
    const list = side === 'buy' ? this.asks : this.bids;
    let left = amount;
    for (;;) {
      const maker = list[0];
      if (maker === undefined || left === 0) break;
      if (side === 'buy' ? maker.price > limitPrice : maker.price < limitPrice) break;
      let wanted = left;
      if (byQuote) {
        // Whole lots only: count them up one by one rather than divide.
        const lotCost = maker.price * this.rules.lotSize;
        wanted = 0;
        while ((wanted / this.rules.lotSize + 1) * lotCost <= left) wanted += this.rules.lotSize;
      }
      if (wanted === 0) break;
      if (maker.userId === userId) {
        this.take(events, maker, 'self_trade');
        continue;
      }
      const quantity = Math.min(wanted, maker.remaining);
      const quote = quantity * maker.price;
      left -= byQuote ? quote : quantity;
      maker.remaining -= quantity;
      totals.quantity += quantity;
      totals.quote += quote;
      const fill = event('fill', orderId, userId, side);
      fill.price = maker.price;
      fill.quantity = quantity;
      fill.quote = quote;
      fill.remaining = left;
      fill.makerOrderId = maker.orderId;
      fill.makerUserId = maker.userId;
      fill.makerRemaining = maker.remaining;
      events.push(fill);
      if (maker.remaining === 0) list.shift();
    }
    return left;
  }

  private take(events: NaiveEvent[], order: Resting, reason: 'user' | 'self_trade'): void {
    const list = order.side === 'buy' ? this.bids : this.asks;
    list.splice(list.indexOf(order), 1);
    const cancelled = event('cancel', order.orderId, order.userId, order.side);
    cancelled.price = order.price;
    cancelled.remaining = order.remaining;
    cancelled.reason = reason;
    events.push(cancelled);
  }

  private find(orderId: number): Resting | undefined {
    return (
      this.bids.find((o) => o.orderId === orderId) ?? this.asks.find((o) => o.orderId === orderId)
    );
  }

  private idProblem(orderId: number, userId: number): NaiveEvent['reason'] {
    if (!isCount(orderId)) return 'invalid_order_id';
    if (!isCount(userId)) return 'invalid_user';
    return this.find(orderId) === undefined ? '' : 'duplicate_order_id';
  }

  private rejection(orderId: number, userId: number, side: Side, reason: NaiveEvent['reason']) {
    const e = event('reject', orderId, userId, side);
    e.reason = reason;
    return e;
  }
}
