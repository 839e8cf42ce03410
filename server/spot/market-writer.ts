// The single writer of one spot market, with group commit: commands queue while a transaction is
// in flight; the writer takes the queue as a batch, runs every command through the in-memory book
// in order, writes all their effects in one transaction, and only after the commit answers each
// request and publishes what changed (durable before acknowledged). A command that breaks a rule
// is refused alone; a database failure fails the batch, the book is rebuilt from the database,
// and the batch runs once more before its commands are told to try again.
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import {
  GroupCommit,
  type IdempotencyKey,
  type Pending as PendingCommand,
  settle,
  storeKeys,
} from '../engine/group-commit.ts';
import { SequenceBlock } from '../engine/sequence-block.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import { type AccountRef, accountKey } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import { OrderBook } from '../matching/order-book.ts';
import { commissionPostings, payersOf } from '../referrals/commission.ts';
import { InviterCache } from '../referrals/inviter-cache.ts';
import { Batch, BatchBalances, type CommandResult, type SpotCommand } from './batch.ts';
import { writeBatch } from './batch-store.ts';
import { orderView, restingOrders, type SpotOrderRow } from './order-store.ts';
import type { Fill, NewOrder } from './settlement.ts';
import type { SpotMarket } from './spot-markets.ts';

/** A price level as it now stands: price and resting quantity in units (0 = gone). */
export type LevelQuantity = readonly [price: number, quantity: number];

/** What a committed batch changed, for the socket and the market's public book and trades. */
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
  /** Most commands in one batch. */
  batchMax: number;
  /** The market's index now, in price units: what a limit price is banded around (null: none). */
  reference?: () => number | null;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export type { IdempotencyKey } from '../engine/group-commit.ts';

type SpotAnswer = SpotOrder | number[];
type Pending = PendingCommand<SpotCommand, SpotAnswer>;

export class MarketWriter {
  readonly market: SpotMarket;
  readonly #options: WriterOptions;
  #book: OrderBook;
  readonly #commands: GroupCommit<SpotCommand, SpotAnswer>;
  readonly #accounts = new AccountDirectory();
  readonly #inviters = new InviterCache();
  readonly #ids = new SequenceBlock('spot_orders');

  constructor(market: SpotMarket, options: WriterOptions) {
    this.market = market;
    this.#options = options;
    this.#book = this.#emptyBook();
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) => this.#attempt(work, moved),
      rebuild: () => this.#rebuild(),
      log: options.log,
      label: market.symbol,
    });
  }

  get book(): OrderBook {
    return this.#book;
  }

  /** Places an order; answers it as it stands once the batch that placed it has committed. */
  place(order: NewOrder, key?: IdempotencyKey): Promise<SpotOrder> {
    return this.#submit({ kind: 'place', order }, key) as Promise<SpotOrder>;
  }

  /**
   * A market sell converting a small balance to USDT: the minimum value is not asked of it
   * (docs/spot.md § "Small balances"); every other check and the settlement are an order's.
   */
  sellDust(userId: number, quantity: number, key: IdempotencyKey): Promise<SpotOrder> {
    const order: NewOrder = { userId, type: 'market', side: 'sell', quantity };
    return this.#submit({ kind: 'place', order, dust: true }, key) as Promise<SpotOrder>;
  }

  cancel(userId: number, orderId: number, key?: IdempotencyKey): Promise<SpotOrder> {
    return this.#submit({ kind: 'cancel', userId, orderId }, key) as Promise<SpotOrder>;
  }

  /** Moves the provider's ladder to `quotes`; answers the ids of its orders that now rest. */
  requote(userId: number, quotes: readonly Quote[], resting: readonly number[] | null) {
    return this.#submit({ kind: 'requote', userId, quotes, resting }) as Promise<number[]>;
  }

  /** Rebuilds the book from the database (at start). */
  async rebuild(): Promise<void> {
    await this.idle();
    await this.#rebuild();
  }

  /** Resolves when every command queued so far has been answered. */
  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  #submit(command: SpotCommand, key?: IdempotencyKey): Promise<SpotAnswer> {
    return this.#commands.submit(command, key);
  }

  async #attempt(work: Pending[], bookMoved: () => void): Promise<void> {
    const { db } = this.#options;
    const balances = await this.#balancesOf(work.map((pending) => userOf(pending.command)));
    await this.#ids.reserve(
      db,
      work.reduce((sum, pending) => sum + placesOf(pending.command), 0),
    );
    const run = new Batch(
      this.market,
      this.#book,
      balances,
      () => this.#ids.next(),
      this.#options.reference,
    );
    for (const pending of work) {
      try {
        run.run(pending.command);
      } finally {
        // A command that failed half-way may have changed the book: the retry rebuilds it.
        if (run.effects.moved) bookMoved();
      }
    }
    const { effects } = run;
    const postings = [...effects.postings, ...(await this.#commissions(effects.fills))];
    const accounts = await this.#accounts.resolve(
      db,
      postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
    );
    const now = this.#options.clock.now();
    const { written, answers } = await transact(db, async (trx) => {
      const written = await writeBatch(trx, this.market, effects, postings, accounts, now);
      const answers = effects.results.map((result) => this.#answerOf(result, written.rows));
      await storeKeys(trx, work, answers);
      return { written, answers };
    });
    for (const [i, pending] of work.entries()) {
      settle(pending, answers[i] as SpotAnswer | Error);
    }
    if (effects.moved) this.#publish(effects.fills.flat(), effects.touched, written, now);
  }

  /** The funding balances in this market's assets of everyone the batch acts for. */
  async #balancesOf(userIds: readonly number[]): Promise<BatchBalances> {
    const refs: AccountRef[] = [...new Set(userIds)].flatMap((user) => [
      { user, wallet: 'funding', asset: this.market.base },
      { user, wallet: 'funding', asset: this.market.quote },
    ]);
    const ids = await this.#accounts.resolve(this.#options.db, refs);
    const rows = await sql<{ id: string | number; available: string; frozen: string }>`
      select id, available::text, frozen::text from ledger_accounts
      where id = any(${[...ids.values()]}::bigint[])`.execute(this.#options.db);
    const byId = new Map(rows.rows.map((row) => [String(row.id), row]));
    const balances = new BatchBalances();
    for (const ref of refs) {
      const row = byId.get(ids.get(accountKey(ref)) ?? '');
      if (row) balances.set(ref, parseAmount(row.available) ?? 0n, parseAmount(row.frozen) ?? 0n);
    }
    return balances;
  }

  /** Referral commission on each command's fees, from the fee account, in the batch. */
  async #commissions(fills: readonly Fill[][]): Promise<Posting[]> {
    const rates = this.#options.referralRatesPpm;
    if (!rates.some((rate) => rate > 0) || fills.every((group) => group.length === 0)) return [];
    const chains = await this.#inviters.of(this.#options.db, payersOf(this.market, fills.flat()));
    if (chains.size === 0) return [];
    return fills.flatMap((group) => commissionPostings(this.market, group, chains, rates));
  }

  #answerOf(result: CommandResult, rows: ReadonlyMap<number, SpotOrderRow>) {
    switch (result.kind) {
      case 'refused':
        return result.error;
      case 'quotes':
        return result.resting;
      case 'order': {
        const row = rows.get(result.orderId);
        if (!row) throw new Error(`order ${result.orderId} was not written`);
        return orderView(row, this.market);
      }
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

  #publish(
    fills: Fill[],
    touched: readonly { side: 'buy' | 'sell'; price: number }[],
    written: { rows: ReadonlyMap<number, SpotOrderRow>; balances: BalanceChange[] },
    now: Date,
  ): void {
    const levels = { bids: new Map<number, number>(), asks: new Map<number, number>() };
    for (const { side, price } of touched) {
      levels[side === 'buy' ? 'bids' : 'asks'].set(price, this.#book.quantityAt(side, price));
    }
    this.#options.onCommitted({
      market: this.market,
      ts: now.getTime(),
      orders: [...written.rows.values()],
      balances: written.balances,
      fills,
      bids: [...levels.bids],
      asks: [...levels.asks],
    });
  }
}

function userOf(command: SpotCommand): number {
  return command.kind === 'place' ? command.order.userId : command.userId;
}

/** How many order ids a command may need. */
function placesOf(command: SpotCommand): number {
  if (command.kind === 'place') return 1;
  return command.kind === 'requote' ? command.quotes.length : 0;
}
