// One batch of a market's commands on its book, in memory: each command is checked against the
// balances read for the batch and the book, then matched and settled; its effects (new orders,
// changes to resting ones, postings, fills) accumulate for one transaction. A command that breaks
// a rule is refused on its own and changes nothing; the others go on.

import { orderReservation } from '../../core/market/order-math.ts';
import { outsideBand } from '../../core/market/price-band.ts';
import { fromUnits } from '../../core/market/units.ts';
import { BusinessError } from '../http/business-error.ts';
import { type AccountRef, accountKey } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import { refusal } from '../market-kernel/order-checks.ts';
import type { RejectReason, Side } from '../matching/events.ts';
import type { OrderBook } from '../matching/order-book.ts';
import {
  type Fill,
  freezePosting,
  type IncomingOrder,
  type NewOrder,
  noChange,
  type OrderChange,
  settle,
} from './settlement.ts';
import type { SpotMarket } from './spot-markets.ts';

export type SpotCommand =
  /**
   * `dust`: a market sell converting a small balance to USDT (server/spot/small-balances.ts), which
   * is below the minimum value by definition; only the minimum-value check is skipped for it.
   */
  | { kind: 'place'; order: NewOrder; dust?: boolean }
  | { kind: 'cancel'; userId: number; orderId: number }
  /**
   * The liquidity provider's ladder: its resting orders that match a wanted quote stay, the
   * others are cancelled, the missing quotes are placed while its balance lasts. `resting` are
   * the ids it believes rest (null: find them in the book, as after a restart).
   */
  | {
      kind: 'requote';
      userId: number;
      quotes: readonly Quote[];
      resting: readonly number[] | null;
    };

/** What a command did: the order it placed or cancelled, or the provider's resting ids. */
export type CommandResult =
  | { kind: 'order'; orderId: number }
  | { kind: 'quotes'; resting: number[] }
  | { kind: 'refused'; error: BusinessError };

/** A new order's row before it is written: its terms, and its changes from this batch. */
export interface NewOrderRecord {
  order: IncomingOrder;
  reserved: bigint;
  change: OrderChange;
}

export interface BatchEffects {
  /** Orders placed in this batch, by id, in the order they were placed. */
  placed: Map<number, NewOrderRecord>;
  /** Changes to orders that were resting before the batch, by id. */
  changes: Map<number, OrderChange>;
  postings: Posting[];
  /** Each command's fills, in order (commission postings are per command). */
  fills: Fill[][];
  touched: { side: Side; price: number }[];
  results: CommandResult[];
  /** Whether the book changed: a failure after that rebuilds it. */
  moved: boolean;
}

/** Balances of the accounts read for the batch, kept current as postings apply. */
export class BatchBalances {
  readonly #accounts = new Map<string, { available: bigint; frozen: bigint }>();

  set(ref: AccountRef, available: bigint, frozen: bigint): void {
    this.#accounts.set(accountKey(ref), { available, frozen });
  }

  available(ref: AccountRef): bigint {
    return this.#accounts.get(accountKey(ref))?.available ?? 0n;
  }

  apply(posting: Posting): void {
    for (const leg of posting.legs) {
      const account = this.#accounts.get(accountKey(leg.account));
      if (account) account[leg.bucket] += leg.amount;
    }
  }
}

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });

export class Batch {
  readonly effects: BatchEffects = {
    placed: new Map(),
    changes: new Map(),
    postings: [],
    fills: [],
    touched: [],
    results: [],
    moved: false,
  };

  constructor(
    private readonly market: SpotMarket,
    private readonly book: OrderBook,
    private readonly balances: BatchBalances,
    /** The next order id (taken from the database's sequence in blocks). */
    private readonly nextId: () => number,
    /** The index in price units a limit price is banded around; null while there is none. */
    private readonly reference: () => number | null = () => null,
  ) {}

  run(command: SpotCommand): void {
    try {
      this.effects.results.push(this.#run(command));
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      this.effects.results.push({ kind: 'refused', error });
    }
  }

  #run(command: SpotCommand): CommandResult {
    switch (command.kind) {
      case 'place':
        return { kind: 'order', orderId: this.#place(command.order, command.dust === true) };
      case 'cancel':
        return { kind: 'order', orderId: this.#cancel(command.userId, command.orderId) };
      case 'requote':
        return { kind: 'quotes', resting: this.#requote(command) };
    }
  }

  #place(order: NewOrder, dust = false): number {
    this.#checkAgainstBook(order, dust);
    this.#checkBand(order);
    const reserved = orderReservation(order, this.market);
    const paid = funding(order.userId, order.side === 'buy' ? this.market.quote : this.market.base);
    if (this.balances.available(paid) < reserved) throw new BusinessError('balance_insufficient');
    const incoming: IncomingOrder = { ...order, orderId: this.nextId() };
    const record: NewOrderRecord = {
      order: incoming,
      reserved,
      change: noChange(incoming.orderId),
    };
    this.effects.placed.set(incoming.orderId, record);
    this.#post(freezePosting(this.market, incoming, reserved));
    this.effects.moved = true;
    const count =
      incoming.type === 'limit'
        ? this.book.limit(
            incoming.orderId,
            order.userId,
            incoming.side,
            incoming.price,
            incoming.quantity,
          )
        : incoming.side === 'buy'
          ? this.book.marketBuy(incoming.orderId, order.userId, incoming.turnover)
          : this.book.marketSell(incoming.orderId, order.userId, incoming.quantity);
    this.#settle(count, { order: incoming, reserved });
    return incoming.orderId;
  }

  #cancel(userId: number, orderId: number): number {
    const count = this.book.cancel(orderId, userId);
    const first = this.book.events[0];
    if (count === 1 && first?.kind === 'reject') {
      throw refusal(this.market, first.reason as RejectReason);
    }
    this.effects.moved = true;
    this.#settle(count);
    return orderId;
  }

  /** Cancels what no longer fits the ladder and places what is missing; answers what rests. */
  #requote(command: Extract<SpotCommand, { kind: 'requote' }>): number[] {
    const { userId, quotes } = command;
    const resting = (command.resting ?? this.#restingOf(userId)).flatMap((orderId) => {
      const order = this.book.order(orderId);
      return order && order.userId === userId ? [{ ...order, orderId }] : [];
    });
    const wanted = new Map(quotes.map((quote) => [keyOf(quote), quote]));
    const kept: number[] = [];
    for (const order of resting) {
      const key = keyOf({ side: order.side, price: order.price, quantity: order.remaining });
      if (wanted.delete(key)) kept.push(order.orderId);
      else this.#cancel(userId, order.orderId);
    }
    for (const quote of wanted.values()) {
      try {
        const orderId = this.#place({ userId, type: 'limit', ...quote });
        if (this.book.order(orderId)) kept.push(orderId);
      } catch (error) {
        // A quote the provider cannot pay for is left out; the rest of its ladder stands.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
    return kept;
  }

  /** The user's resting orders found by scanning the book: only when nobody kept their ids. */
  #restingOf(userId: number): number[] {
    return (['buy', 'sell'] as const).flatMap((side) =>
      this.book
        .restingOrders(side)
        .filter((order) => order.userId === userId)
        .map((order) => order.orderId),
    );
  }

  /**
   * Market orders need a book to trade with, and a sell its minimum value at the best bid, except a
   * small balance's conversion: what is under the minimum is exactly what it exists to sell.
   */
  #checkAgainstBook(order: NewOrder, dust: boolean): void {
    if (order.type !== 'market') return;
    const best = order.side === 'buy' ? this.book.bestAsk() : this.book.bestBid();
    if (best === 0) throw new BusinessError('no_liquidity');
    if (dust) return;
    if (order.side === 'sell' && order.quantity * best < this.market.rules.minNotional) {
      throw refusal(this.market, 'below_min_notional');
    }
  }

  /**
   * A limit price within the market's band around the index (docs/spot.md § Price band), the
   * liquidity provider's quotes too: its ladder is built around that same index.
   */
  #checkBand(order: NewOrder): void {
    const reference = this.reference();
    if (order.type !== 'limit' || reference === null) return;
    const { rules, priceScale } = this.market;
    const outside = outsideBand(
      this.market.band,
      order.side,
      BigInt(order.price),
      BigInt(reference),
      {
        tick: BigInt(rules.tickSize),
        maxPrice: BigInt(rules.maxPrice),
      },
    );
    if (outside) {
      throw new BusinessError('price_outside_band', {
        min: fromUnits(outside.min, priceScale),
        max: fromUnits(outside.max, priceScale),
      });
    }
  }

  #settle(count: number, incoming?: { order: IncomingOrder; reserved: bigint }): void {
    const settlement = settle({
      market: this.market,
      events: this.book.events,
      count,
      ...(incoming ? { incoming } : {}),
      bestAskAfter: this.book.bestAsk(),
    });
    for (const posting of settlement.postings) this.#post(posting);
    for (const change of settlement.changes.values()) this.#merge(change);
    this.effects.fills.push(settlement.fills);
    this.effects.touched.push(...settlement.touched);
  }

  #post(posting: Posting): void {
    this.effects.postings.push(posting);
    this.balances.apply(posting);
  }

  /** Adds a command's change of an order to what the batch already did to it. */
  #merge(change: OrderChange): void {
    const placed = this.effects.placed.get(change.orderId);
    const into = placed?.change ?? this.effects.changes.get(change.orderId);
    if (!into) {
      this.effects.changes.set(change.orderId, { ...change });
      return;
    }
    into.filledQuantity += change.filledQuantity;
    into.filledQuote += change.filledQuote;
    into.fee += change.fee;
    into.frozen += change.frozen;
    if (change.status) into.status = change.status;
    if (change.cancelReason) into.cancelReason = change.cancelReason;
  }
}

function keyOf(quote: Quote): string {
  return `${quote.side}:${quote.price}:${quote.quantity}`;
}
