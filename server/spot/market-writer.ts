// The single writer of one spot market: commands run one at a time, each inside a database
// transaction that freezes, matches in the in-memory book and settles every fill before it
// commits. What a command changed is published only after its commit. When a transaction fails
// after the book moved, the book is rebuilt from the resting orders the database kept, so memory
// never holds an order or a fill the database does not.
import type { Transaction } from 'kysely';
import { orderReservation } from '../../core/spot/spot-math.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { type BalanceChange, post } from '../ledger/post.ts';
import type { RejectReason, Side } from '../matching/events.ts';
import { OrderBook } from '../matching/order-book.ts';
import { commissionPostings, payersOf } from '../referrals/commission.ts';
import { inviterChains } from '../referrals/inviters.ts';
import { refusal } from './order-checks.ts';
import {
  applyChanges,
  insertFills,
  insertOrder,
  restingOrders,
  type SpotOrderRow,
} from './order-store.ts';
import {
  type Fill,
  freezePosting,
  type IncomingOrder,
  type NewOrder,
  settle,
} from './settlement.ts';
import type { SpotMarket } from './spot-markets.ts';

/** A price level as it now stands: price and resting quantity in units (0 = gone). */
export type LevelQuantity = readonly [price: number, quantity: number];

/** What committed commands changed, for the socket and the market's public book and trades. */
export interface Committed {
  market: SpotMarket;
  ts: number;
  orders: SpotOrderRow[];
  balances: BalanceChange[];
  fills: Fill[];
  bids: LevelQuantity[];
  asks: LevelQuantity[];
}

export interface WriterOptions {
  db: Db;
  clock: Clock;
  onCommitted(committed: Committed): void;
  onRebuilt(market: SpotMarket, book: OrderBook): void;
  /** Shares of each fee paid to the payer's inviters at levels 1–3, parts per million. */
  referralRatesPpm: readonly number[];
  log: { error(details: object, message: string): void };
}

/** Failures another transaction caused (PostgreSQL deadlock or serialisation): worth a retry. */
const retryable = new Set(['40P01', '40001']);
const attempts = 3;

/** The commands of one exclusive turn on the book, and what they changed. */
export class WriterTurn {
  moved = false;
  readonly orders: SpotOrderRow[] = [];
  readonly balances: BalanceChange[] = [];
  readonly fills: Fill[] = [];
  readonly touched: { side: Side; price: number }[] = [];

  constructor(
    private readonly market: SpotMarket,
    private readonly book: OrderBook,
    private readonly now: Date,
    private readonly referralRatesPpm: readonly number[] = [],
  ) {}

  /** Freezes, matches and settles a new order; answers its row after the command. */
  async place(trx: Transaction<Database>, order: NewOrder): Promise<SpotOrderRow> {
    this.#checkAgainstBook(order);
    const reserved = orderReservation(order, this.market);
    const orderId = await insertOrder(trx, this.market, order, reserved, this.now);
    const incoming: IncomingOrder = { ...order, orderId };
    this.balances.push(...(await post(trx, freezePosting(this.market, incoming, reserved))));
    this.moved = true;
    const count =
      incoming.type === 'limit'
        ? this.book.limit(orderId, order.userId, incoming.side, incoming.price, incoming.quantity)
        : incoming.side === 'buy'
          ? this.book.marketBuy(orderId, order.userId, incoming.turnover)
          : this.book.marketSell(orderId, order.userId, incoming.quantity);
    const rows = await this.#settle(trx, count, { order: incoming, reserved });
    const row = rows.find((candidate) => Number(candidate.id) === orderId);
    if (!row) throw new Error(`order ${orderId} was not settled`);
    return row;
  }

  /** Cancels a resting order of `userId`; answers its row, or refuses a finished one. */
  async cancel(trx: Transaction<Database>, userId: number, orderId: number): Promise<SpotOrderRow> {
    const count = this.book.cancel(orderId, userId);
    const first = this.book.events[0];
    if (count === 1 && first?.kind === 'reject')
      throw refusal(this.market, first.reason as RejectReason);
    this.moved = true;
    const rows = await this.#settle(trx, count);
    const row = rows.find((candidate) => Number(candidate.id) === orderId);
    if (!row) throw new Error(`order ${orderId} was not settled`);
    return row;
  }

  /** The user's resting orders in this market, as the book holds them. */
  restingOf(userId: number): { orderId: number; side: Side; price: number; remaining: number }[] {
    return (['buy', 'sell'] as const).flatMap((side) =>
      this.book.restingOrders(side).filter((order) => order.userId === userId),
    );
  }

  bestBid(): number {
    return this.book.bestBid();
  }

  bestAsk(): number {
    return this.book.bestAsk();
  }

  /** Market orders need a book to trade with, and a sell its minimum value at the best bid. */
  #checkAgainstBook(order: NewOrder): void {
    if (order.type !== 'market') return;
    const best = order.side === 'buy' ? this.book.bestAsk() : this.book.bestBid();
    if (best === 0) throw new BusinessError('no_liquidity');
    if (order.side === 'sell' && order.quantity * best < this.market.rules.minNotional) {
      throw refusal(this.market, 'below_min_notional');
    }
  }

  async #settle(
    trx: Transaction<Database>,
    count: number,
    incoming?: { order: IncomingOrder; reserved: bigint },
  ): Promise<SpotOrderRow[]> {
    const settlement = settle({
      market: this.market,
      events: this.book.events,
      count,
      ...(incoming ? { incoming } : {}),
      bestAskAfter: this.book.bestAsk(),
    });
    for (const posting of settlement.postings) this.balances.push(...(await post(trx, posting)));
    await this.#payCommissions(trx, settlement.fills);
    const rows = await applyChanges(trx, settlement.changes.values(), this.now);
    await insertFills(trx, this.market, settlement.fills, this.now);
    this.orders.push(...rows);
    this.fills.push(...settlement.fills);
    this.touched.push(...settlement.touched);
    return rows;
  }

  /** Referral commission on the fees of these fills, in the same transaction as the fills. */
  async #payCommissions(trx: Transaction<Database>, fills: readonly Fill[]): Promise<void> {
    if (fills.length === 0 || !this.referralRatesPpm.some((rate) => rate > 0)) return;
    const payers = payersOf(this.market, fills);
    if (payers.length === 0) return;
    const chains = await inviterChains(trx, payers);
    if (chains.size === 0) return;
    for (const posting of commissionPostings(this.market, fills, chains, this.referralRatesPpm)) {
      this.balances.push(...(await post(trx, posting)));
    }
  }
}

export class MarketWriter {
  readonly market: SpotMarket;
  readonly #options: WriterOptions;
  #book: OrderBook;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(market: SpotMarket, options: WriterOptions) {
    this.market = market;
    this.#options = options;
    this.#book = this.#emptyBook();
  }

  get book(): OrderBook {
    return this.#book;
  }

  /**
   * Runs `work` alone on the book. `work` must open and finish its own transaction(s) through the
   * turn it is given: once it resolves, what it did is committed and is published.
   */
  exclusive<T>(work: (turn: WriterTurn) => Promise<T>): Promise<T> {
    const run = this.#tail.then(() => this.#attempt(work, 1));
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Rebuilds the book from the database (at start, and after a failed transaction). */
  rebuild(): Promise<void> {
    const run = this.#tail.then(() => this.#rebuild());
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every command queued so far has finished. */
  idle(): Promise<void> {
    return this.#tail.then(() => undefined);
  }

  async #attempt<T>(work: (turn: WriterTurn) => Promise<T>, attempt: number): Promise<T> {
    const turn = new WriterTurn(
      this.market,
      this.#book,
      this.#options.clock.now(),
      this.#options.referralRatesPpm,
    );
    try {
      const result = await work(turn);
      if (turn.moved) this.#publish(turn);
      return result;
    } catch (error) {
      if (!turn.moved) throw error;
      await this.#rebuild();
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && retryable.has(code) && attempt < attempts) {
        return this.#attempt(work, attempt + 1);
      }
      if (!(error instanceof BusinessError)) {
        this.#options.log.error({ err: error, symbol: this.market.symbol }, 'spot command failed');
      }
      throw error;
    }
  }

  async #rebuild(): Promise<void> {
    const book = this.#emptyBook();
    const rows = await restingOrders(this.#options.db, this.market);
    for (const row of rows) {
      book.limit(row.orderId, row.userId, row.side, row.price, row.remaining);
      const event = book.events[0];
      if (book.eventCount !== 1 || event?.kind !== 'rest') {
        // A stored book never crosses; if it did, the database and the rules disagree.
        throw new Error(`${this.market.symbol}: resting order ${row.orderId} does not rest`);
      }
    }
    this.#book = book;
    this.#options.onRebuilt(this.market, book);
  }

  #emptyBook(): OrderBook {
    return new OrderBook(this.market.rules, { preallocateOrders: 1024 });
  }

  #publish(turn: WriterTurn): void {
    const levels = { bids: new Map<number, number>(), asks: new Map<number, number>() };
    for (const { side, price } of turn.touched) {
      levels[side === 'buy' ? 'bids' : 'asks'].set(price, this.#book.quantityAt(side, price));
    }
    this.#options.onCommitted({
      market: this.market,
      ts: this.#options.clock.now().getTime(),
      orders: turn.orders,
      balances: turn.balances,
      fills: turn.fills,
      bids: [...levels.bids],
      asks: [...levels.asks],
    });
  }
}
