// What the matching engine tells the rest of the system. One object shape for every kind, so the
// hot path stays monomorphic, and the objects are reused: a command overwrites the events of the
// one before, and a caller that keeps an event past its next command must copy it.

import type { OrderRuleReason } from '../../core/market/order-rules.ts';

export type Side = 'buy' | 'sell';

/** Why a command was refused: the market's rules, or the book's own. Nothing in the book changes on a rejection. */
export type RejectReason =
  | OrderRuleReason
  | 'invalid_order_id'
  | 'invalid_user'
  | 'duplicate_order_id'
  | 'unknown_order'
  | 'not_owner';

/** Why a resting order left the book without filling. */
export type CancelReason = 'user' | 'self_trade' | 'reduce_only';

export type EventKind = 'fill' | 'rest' | 'done' | 'cancel' | 'reject';

/**
 * Fields by kind (unused ones are 0 or ''):
 * - `fill`: the incoming (taker) order `orderId`/`userId`/`side` traded `quantity` at the resting
 *   (maker) order's `price`, worth `quote` = price × quantity; `remaining` is what the taker has
 *   left (quantity, or quote for a market buy), `makerRemaining` what the maker has left.
 * - `rest`: the order now rests at `price` with `remaining`.
 * - `done`: the incoming order is finished without resting (fully filled limit order, or a market
 *   order that ran out of quantity, budget or book): `quantity` and `quote` are its totals, and
 *   `remaining` is what was not used (quantity, or quote for a market buy) and should be released.
 * - `cancel`: the resting order `orderId` (at `price`) left the book with `remaining` unfilled;
 *   `reason` is `user`, `self_trade` when an incoming order of the same user reached it, or
 *   `reduce_only` when the book's maker guard found it had nothing left to reduce.
 * - `reject`: the command was refused for `reason`; nothing changed.
 */
export interface EngineEvent {
  kind: EventKind;
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  quantity: number;
  quote: number;
  remaining: number;
  makerOrderId: number;
  makerUserId: number;
  makerRemaining: number;
  reason: RejectReason | CancelReason | '';
}

function blankEvent(): EngineEvent {
  return {
    kind: 'reject',
    orderId: 0,
    userId: 0,
    side: 'buy',
    price: 0,
    quantity: 0,
    quote: 0,
    remaining: 0,
    makerOrderId: 0,
    makerUserId: 0,
    makerRemaining: 0,
    reason: '',
  };
}

/** A growable array of reusable event objects: after warm-up a command allocates nothing. */
export class EventBuffer {
  readonly items: EngineEvent[] = [];
  length = 0;

  constructor(initialCapacity = 64) {
    for (let i = 0; i < initialCapacity; i++) this.items.push(blankEvent());
  }

  clear(): void {
    this.length = 0;
  }

  /** The next event slot, with every field reset so no value leaks from an earlier command. */
  push(kind: EventKind, orderId: number, userId: number, side: Side): EngineEvent {
    let event = this.items[this.length];
    if (!event) {
      event = blankEvent();
      this.items.push(event);
    }
    this.length++;
    event.kind = kind;
    event.orderId = orderId;
    event.userId = userId;
    event.side = side;
    event.price = 0;
    event.quantity = 0;
    event.quote = 0;
    event.remaining = 0;
    event.makerOrderId = 0;
    event.makerUserId = 0;
    event.makerRemaining = 0;
    event.reason = '';
    return event;
  }
}
