// The contract engine: the single writer of every perpetual market, with group commit. Cross
// margin spans markets (one wallet stands behind all of a user's cross positions), so one writer
// holds all the books and positions and sees a user's whole account in every command; group
// commit keeps it fast. Commands queue while a transaction is in flight, run as one batch through
// the books in memory, and are written in one transaction with their postings and idempotency
// keys; each is answered only after the commit (durable before acknowledged).
import { sql } from 'kysely';
import { parseAmount } from '../../core/money.ts';
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { type AnyAnswer, CommandCalls } from '../engine/command-calls.ts';
import {
  GroupCommit,
  type IdempotencyKey,
  type Pending,
  settle,
  storeKeys,
} from '../engine/group-commit.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import { OrderBook } from '../matching/order-book.ts';
import { InviterCache } from '../referrals/inviter-cache.ts';
import { backingOf } from './backing.ts';
import type { ContractCommand, ContractResult } from './batch-commands.ts';
import type { ContractEffects } from './batch-effects.ts';
import type { NewContractOrder } from './batch-types.ts';
import { ContractBalances } from './contract-balances.ts';
import { ContractBatch } from './contract-batch.ts';
import type { ContractMarket } from './contract-markets.ts';
import {
  insertFills,
  insertFunding,
  insertLiquidations,
  openPositions,
  remainingUnits,
  restingOrders,
  writeOrders,
  writePositions,
} from './contract-store.ts';
import { orderView, positionView } from './contract-views.ts';
import { EngineState, type PositionState } from './engine-state.ts';
import { commissionPostings, shortfallPostings } from './extra-postings.ts';
import type { FundingCommand } from './funding-payments.ts';
import { MarkBoard } from './mark-board.ts';
import type { PositionCommand } from './position-changes.ts';
import { PositionIndexes } from './position-indexes.ts';

/** What each command answers (`server/engine/command-calls.ts`). */
interface ContractAnswers {
  open: ContractOrder;
  cancel: ContractOrder;
  requote: number[];
  liquidate: number[];
  fund: number[];
  tpsl: ContractPosition;
  margin: ContractPosition;
  leverage: { symbol: string; leverage: number };
  trigger: number[];
}
type Answer = AnyAnswer<ContractAnswers>;

/** What a committed batch changed, for the socket and the markets' public books. */
export interface ContractCommitted {
  ts: number;
  effects: ContractEffects;
  balances: BalanceChange[];
}

export interface ContractEngineOptions {
  db: Db;
  clock: Clock;
  markets: readonly ContractMarket[];
  batchMax: number;
  /** How far from the mark a market order may trade, parts per million. */
  marketBandPpm: number;
  /** Shares of each fee paid to the payer's inviters at levels 1–3, parts per million. */
  referralRatesPpm: readonly number[];
  onCommitted(committed: ContractCommitted): void;
  /** Told when the books were read back from the database (at start, after a failed batch). */
  onRebuilt?(): void;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

export class ContractEngine {
  readonly markets: ReadonlyMap<string, ContractMarket>;
  readonly marks = new MarkBoard();
  #books = new Map<string, OrderBook>();
  #state = new EngineState();
  readonly #indexes: PositionIndexes;
  readonly #commands: GroupCommit<ContractCommand, Answer>;
  readonly #calls: CommandCalls<ContractCommand, ContractAnswers>;
  #accounts = new AccountDirectory();
  readonly #inviters = new InviterCache();
  /**
   * The last order and position ids given out. The engine is the only writer of both tables, so
   * it counts them itself from what the database holds at rebuild: a batch may need any number
   * (a liquidation's auto-deleveraging gives each counterparty an order) without asking.
   */
  #lastOrderId = 0;
  #lastPositionId = 0;

  constructor(private readonly options: ContractEngineOptions) {
    this.markets = new Map(options.markets.map((market) => [market.symbol, market]));
    this.#indexes = new PositionIndexes(this.markets);
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) => this.#attempt(work, moved),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'contract',
    });
    this.#calls = new CommandCalls(this.#commands);
  }

  get state(): EngineState {
    return this.#state;
  }

  book(symbol: string): OrderBook | undefined {
    return this.#books.get(symbol);
  }

  open(order: NewContractOrder, key?: IdempotencyKey): Promise<ContractOrder> {
    return this.#calls.call('open', { order }, key);
  }

  cancel(userId: number, orderId: number, key?: IdempotencyKey): Promise<ContractOrder> {
    return this.#calls.call('cancel', { userId, orderId }, key);
  }

  requote(
    userId: number,
    symbol: string,
    quotes: readonly Quote[],
    leverage: number,
    resting: readonly number[] | null,
  ): Promise<number[]> {
    return this.#calls.call('requote', { userId, symbol, quotes, leverage, resting });
  }

  /** Liquidates what the market's mark has reached (the exact test decides). */
  liquidateReached(symbol: string): Promise<number[]> | undefined {
    const mark = this.marks.fresh(symbol);
    if (mark === null) return undefined;
    const reached = this.#indexes.liquidationsReached(symbol, mark);
    if (reached.length === 0) return undefined;
    return this.#calls.call('liquidate', { positionIds: reached });
  }

  /** Sets or clears a position's take-profit and stop-loss; answers the position. */
  tpsl(command: Omit<Extract<PositionCommand, { kind: 'tpsl' }>, 'kind'>, key?: IdempotencyKey) {
    return this.#calls.call('tpsl', command, key);
  }

  /** Adds to or removes from an isolated position's margin; answers the position. */
  margin(
    command: Omit<Extract<PositionCommand, { kind: 'margin' }>, 'kind'>,
    key?: IdempotencyKey,
  ) {
    return this.#calls.call('margin', command, key);
  }

  /** Changes the leverage of the user's position in a market (if any). */
  leverage(
    command: Omit<Extract<PositionCommand, { kind: 'leverage' }>, 'kind'>,
    key?: IdempotencyKey,
  ) {
    return this.#calls.call('leverage', command, key);
  }

  /** Closes what the market's fresh mark has set a take-profit or stop-loss off for. */
  triggerReached(symbol: string): Promise<number[]> | undefined {
    const mark = this.marks.fresh(symbol);
    if (mark === null) return undefined;
    const reached = this.#indexes.triggersReached(symbol, mark);
    if (reached.length === 0) return undefined;
    return this.#calls.call('trigger', { positionIds: reached });
  }

  /** Pays a funding round on every open position of the market; answers how many paid or got. */
  async fund(command: FundingCommand): Promise<number> {
    const [payments] = await this.#calls.send(command);
    return payments ?? 0;
  }

  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  /** Reads the books and positions back from the database (at start, and after a failed batch). */
  async rebuild(): Promise<void> {
    const { db } = this.options;
    const books = new Map<string, OrderBook>();
    for (const market of this.markets.values()) {
      // Reduce-only orders may be below the minimum value, so the book does not check it; opening
      // orders are checked before they reach it.
      books.set(market.symbol, new OrderBook({ ...market.rules, minNotional: 0 }));
    }
    const state = new EngineState();
    for (const order of await restingOrders(db, this.markets)) {
      const book = books.get(order.symbol) as OrderBook;
      const market = this.markets.get(order.symbol) as ContractMarket;
      const count = book.limit(
        order.id,
        order.userId,
        order.side,
        order.price,
        remainingUnits(order, market),
      );
      if (count !== 1 || book.events[0]?.kind !== 'rest') {
        throw new Error(`${order.symbol}: resting contract order ${order.id} does not rest`);
      }
      state.addOrder(order);
    }
    for (const position of await openPositions(db)) {
      if (this.markets.has(position.symbol)) state.addPosition(position);
    }
    const last = await sql<{ orders: string; positions: string }>`
      select (select coalesce(max(id), 0) from contract_orders)::text as orders,
        (select coalesce(max(id), 0) from contract_positions)::text as positions`.execute(db);
    this.#lastOrderId = Number(last.rows[0]?.orders ?? 0);
    this.#lastPositionId = Number(last.rows[0]?.positions ?? 0);
    this.#books = books;
    this.#state = state;
    this.options.onRebuilt?.();
    await this.#refileAll();
  }

  async #attempt(work: Pending<ContractCommand, Answer>[], moved: () => void): Promise<void> {
    const { db, clock } = this.options;
    const now = clock.now();
    const balances = await this.#balancesOf(work.flatMap((pending) => this.#usersOf(pending)));
    const batch = new ContractBatch({
      markets: this.markets,
      books: this.#books,
      state: this.#state,
      marks: this.marks,
      balances,
      nextOrderId: () => ++this.#lastOrderId,
      nextPositionId: () => ++this.#lastPositionId,
      now,
      marketBandPpm: this.options.marketBandPpm,
    });
    for (const pending of work) {
      try {
        batch.run(pending.command);
      } catch (error) {
        // A command that failed half-way may have changed memory: the retry rebuilds it.
        moved();
        throw error;
      }
      if (batch.effects.moved) moved();
    }
    const { effects } = batch;
    const commissions = await commissionPostings(
      db,
      this.#inviters,
      effects.fills,
      this.options.referralRatesPpm,
    );
    // An account made in a transaction that rolls back is gone, but the directory would keep its
    // id: after a failure it asks the database again.
    const written = await this.#written(work, effects, balances, commissions, now).catch(
      (error: unknown) => {
        this.#accounts = new AccountDirectory();
        throw error;
      },
    );
    for (const [i, pending] of work.entries()) {
      settle(pending, written.answers[i] ?? new Error('the batch gave the command no answer'));
    }
    if (!effects.moved) return;
    this.#refile(effects, written.changed);
    this.options.onCommitted({ ts: now.getTime(), effects, balances: written.changed });
  }

  /** The batch's transaction: rows, postings and keys; answers the balances and answers. */
  #written(
    work: Pending<ContractCommand, Answer>[],
    effects: ContractEffects,
    balances: ContractBalances,
    commissions: Posting[],
    now: Date,
  ) {
    const { db } = this.options;
    return transact(db, async (trx) => {
      const postings = [
        ...effects.postings,
        ...(await shortfallPostings(trx, effects.postings, (user) =>
          balances.has(user) ? balances.available(user) : undefined,
        )),
        ...commissions,
      ];
      const ids = await this.#accounts.resolve(
        trx,
        postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
      );
      const orders = [...effects.orders.values()];
      await writeOrders(trx, orders, this.markets, now);
      await writePositions(trx, [...effects.positions.values()], now);
      const changed = await writePostings(trx, postings, ids);
      await insertFills(trx, effects.fills, this.markets, now);
      await insertLiquidations(trx, effects.liquidations, now);
      await insertFunding(trx, effects.funding);
      const answers = effects.results.map((result) =>
        this.#answerOf(result, effects, balances, now),
      );
      await storeKeys(trx, work, answers);
      return { changed, answers };
    });
  }

  /** Whose balances a command reads: its user, or the owners of the positions it liquidates. */
  #usersOf(pending: Pending<ContractCommand, Answer>): number[] {
    const { command } = pending;
    switch (command.kind) {
      case 'open':
        return [command.order.userId];
      case 'cancel':
      case 'requote':
        return [command.userId];
      case 'tpsl':
      case 'margin':
      case 'leverage':
        return [command.userId];
      case 'liquidate':
      case 'trigger':
        return command.positionIds.flatMap((id) => {
          const position = this.#state.positions.get(id);
          return position ? [position.userId] : [];
        });
      case 'fund':
        return [...this.#state.positions.values()]
          .filter((position) => position.symbol === command.symbol)
          .map((position) => position.userId);
    }
  }

  async #balancesOf(userIds: readonly number[]): Promise<ContractBalances> {
    const users = [...new Set(userIds)];
    const balances = new ContractBalances();
    if (users.length === 0) return balances;
    const { rows } = await sql<{ user_id: number; available: string; frozen: string }>`
      select user_id, available::text, frozen::text from ledger_accounts
      where user_id = any(${users}::int[]) and wallet = 'contract' and asset = 'USDT'`.execute(
      this.options.db,
    );
    for (const user of users) balances.set(user, 0n, 0n);
    for (const row of rows) {
      balances.set(row.user_id, parseAmount(row.available) ?? 0n, parseAmount(row.frozen) ?? 0n);
    }
    return balances;
  }

  #answerOf(
    result: ContractResult,
    effects: ContractEffects,
    balances: ContractBalances,
    now: Date,
  ): Answer | Error {
    switch (result.kind) {
      case 'refused':
        return result.error;
      case 'quotes':
        return result.resting;
      case 'liquidated':
        return result.positionIds;
      case 'funded':
        return [result.payments];
      case 'triggered':
        return result.positionIds;
      case 'leverage':
        return { symbol: result.symbol, leverage: result.leverage };
      case 'position': {
        const position = effects.positions.get(result.positionId);
        const market = position && this.markets.get(position.symbol);
        if (!position || !market) throw new Error(`position ${result.positionId} was not written`);
        const backing = this.backingOf(position, balances.total(position.userId)) ?? 0n;
        return positionView(position, market, this.marks.latest(position.symbol), backing);
      }
      case 'order': {
        const order = effects.orders.get(result.orderId) ?? this.#state.orders.get(result.orderId);
        if (!order) throw new Error(`order ${result.orderId} was not written`);
        return orderView(order, this.markets.get(order.symbol) as ContractMarket, now);
      }
    }
  }

  /** Files the changed positions, and every position of a wallet that changed, again. */
  #refile(effects: ContractEffects, changed: readonly BalanceChange[]): void {
    for (const position of effects.positions.values()) this.#indexes.fileTriggers(position);
    const wallets = new Map<number, bigint>();
    for (const change of changed) {
      if (change.wallet === 'contract' && change.asset === 'USDT') {
        wallets.set(change.userId, change.available + change.frozen);
      }
    }
    for (const position of effects.positions.values()) {
      if (position.status !== 'open') this.#indexes.removeLiquidation(position);
    }
    for (const [userId, total] of wallets) {
      for (const position of this.#state.positionsOf(userId)) this.#file(position, total);
    }
    for (const position of effects.positions.values()) {
      if (position.status === 'open' && !wallets.has(position.userId)) {
        this.#file(position, null);
      }
    }
  }

  /** Every open position filed again, with its wallet read from the database. */
  async #refileAll(): Promise<void> {
    this.#indexes.clear();
    for (const position of this.#state.positions.values()) this.#indexes.fileTriggers(position);
    await this.refile('all');
  }

  /**
   * Files the cross positions again (or, with `all`, every position) with their wallets read
   * now: a transfer in or out of the contract wallet and the other markets' marks move a cross
   * position's liquidation price without the engine changing it.
   */
  async refile(which: 'cross' | 'all'): Promise<void> {
    const positions = [...this.#state.positions.values()].filter(
      (position) => which === 'all' || position.marginMode === 'cross',
    );
    const balances = await this.#balancesOf(positions.map((position) => position.userId));
    for (const position of positions) {
      // Closed or changed while the wallets were read: the batch that did it filed it.
      if (this.#state.positions.get(position.id) !== position) continue;
      this.#file(position, balances.total(position.userId));
    }
  }

  /**
   * Files a position under its liquidation price. `walletTotal` is the contract wallet's
   * available + frozen, needed for cross margin; null keeps a cross position where it was.
   */
  #file(position: PositionState, walletTotal: bigint | null): void {
    const backing = this.backingOf(position, walletTotal);
    if (backing !== null) this.#indexes.fileLiquidation(position, backing);
  }

  /** The backing of a position for its liquidation price; null when the wallet is unknown. */
  backingOf(position: PositionState, walletTotal: bigint | null): bigint | null {
    if (position.marginMode === 'isolated') return position.margin;
    if (walletTotal === null) return null;
    return backingOf(
      { state: this.#state, marks: this.marks, markets: this.markets },
      position,
      walletTotal,
    );
  }
}
