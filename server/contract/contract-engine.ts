// The contract engine: the single writer of every perpetual market, with group commit. Cross
// margin spans markets (one wallet stands behind all of a user's cross positions), so one writer
// holds all the books and positions and sees a user's whole account in every command; group
// commit keeps it fast. Commands queue while a transaction is in flight, run as one batch through
// the books in memory, and are written in one transaction with their postings and idempotency
// keys; each is answered only after the commit (durable before acknowledged).
import { sql } from 'kysely';
import { liquidationPrice } from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import { parseAmount } from '../../core/money.ts';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import {
  GroupCommit,
  type IdempotencyKey,
  type Pending,
  settle,
  storeKeys,
} from '../engine/group-commit.ts';
import { SequenceBlock } from '../engine/sequence-block.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import { OrderBook } from '../matching/order-book.ts';
import type { Quote } from '../spot/liquidity/ladder.ts';
import { backingOf } from './backing.ts';
import { ContractBalances } from './contract-balances.ts';
import {
  ContractBatch,
  type ContractCommand,
  type ContractEffects,
  type ContractResult,
  Legs,
  type NewContractOrder,
} from './contract-batch.ts';
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
import { orderView } from './contract-views.ts';
import { EngineState, type PositionState } from './engine-state.ts';
import type { FundingCommand } from './funding-payments.ts';
import { LiquidationIndex } from './liquidation-index.ts';
import { MarkBoard } from './mark-board.ts';

type Answer = ContractOrder | number[];

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
  onCommitted(committed: ContractCommitted): void;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
}

const usdt = (user: number): AccountRef => ({ user, wallet: 'contract', asset: 'USDT' });

export class ContractEngine {
  readonly markets: ReadonlyMap<string, ContractMarket>;
  readonly marks = new MarkBoard();
  #books = new Map<string, OrderBook>();
  #state = new EngineState();
  readonly #indexes = new Map<string, LiquidationIndex>();
  readonly #commands: GroupCommit<ContractCommand, Answer>;
  readonly #accounts = new AccountDirectory();
  readonly #orderIds = new SequenceBlock('contract_orders');
  readonly #positionIds = new SequenceBlock('contract_positions');

  constructor(private readonly options: ContractEngineOptions) {
    this.markets = new Map(options.markets.map((market) => [market.symbol, market]));
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) => this.#attempt(work, moved),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'contract',
    });
  }

  get state(): EngineState {
    return this.#state;
  }

  book(symbol: string): OrderBook | undefined {
    return this.#books.get(symbol);
  }

  open(order: NewContractOrder, key?: IdempotencyKey): Promise<ContractOrder> {
    return this.#commands.submit({ kind: 'open', order }, key) as Promise<ContractOrder>;
  }

  cancel(userId: number, orderId: number, key?: IdempotencyKey): Promise<ContractOrder> {
    return this.#commands.submit(
      { kind: 'cancel', userId, orderId },
      key,
    ) as Promise<ContractOrder>;
  }

  requote(
    userId: number,
    symbol: string,
    quotes: readonly Quote[],
    leverage: number,
    resting: readonly number[] | null,
  ): Promise<number[]> {
    return this.#commands.submit({
      kind: 'requote',
      userId,
      symbol,
      quotes,
      leverage,
      resting,
    }) as Promise<number[]>;
  }

  /** Liquidates what the market's mark has reached (the exact test decides). */
  liquidateReached(symbol: string): Promise<number[]> | undefined {
    const mark = this.marks.fresh(symbol);
    const index = this.#indexes.get(symbol);
    if (mark === null || !index) return undefined;
    const reached = index.reached(mark);
    if (reached.length === 0) return undefined;
    return this.#commands.submit({ kind: 'liquidate', positionIds: reached }) as Promise<number[]>;
  }

  /** Pays a funding round on every open position of the market; answers how many paid or got. */
  async fund(command: FundingCommand): Promise<number> {
    const [payments] = (await this.#commands.submit(command)) as number[];
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
    this.#books = books;
    this.#state = state;
    await this.#refileAll();
  }

  async #attempt(work: Pending<ContractCommand, Answer>[], moved: () => void): Promise<void> {
    const { db, clock } = this.options;
    const now = clock.now();
    const balances = await this.#balancesOf(work.flatMap((pending) => this.#usersOf(pending)));
    await this.#orderIds.reserve(db, work.length * 4 + 8);
    await this.#positionIds.reserve(db, work.length * 2 + 4);
    const batch = new ContractBatch({
      markets: this.markets,
      books: this.#books,
      state: this.#state,
      marks: this.marks,
      balances,
      nextOrderId: () => this.#orderIds.next(),
      nextPositionId: () => this.#positionIds.next(),
      now,
      marketBandPpm: this.options.marketBandPpm,
    });
    for (const pending of work) {
      batch.run(pending.command);
      if (batch.effects.moved) moved();
    }
    const { effects } = batch;
    const written = await transact(db, async (trx) => {
      const postings = [...effects.postings, ...(await this.#shortfalls(trx, effects.postings))];
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
      const answers = effects.results.map((result) => this.#answerOf(result, effects, now));
      await storeKeys(trx, work, answers);
      return { changed, answers };
    });
    for (const [i, pending] of work.entries()) {
      settle(pending, written.answers[i] as Answer | Error);
    }
    if (!effects.moved) return;
    this.#refile(effects, written.changed);
    this.options.onCommitted({ ts: now.getTime(), effects, balances: written.changed });
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
      case 'liquidate':
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

  /**
   * A cross position's loss is taken from its wallet; where the wallet cannot cover it (a close
   * far beyond bankruptcy), the insurance fund pays the difference so no balance goes below zero.
   * Balances are read in the batch's transaction, for every wallet the batch takes money from.
   */
  async #shortfalls(
    trx: Parameters<Parameters<typeof transact>[1]>[0],
    postings: readonly Posting[],
  ): Promise<Posting[]> {
    const net = new Map<number, { available: bigint; reference: string }>();
    for (const posting of postings) {
      for (const leg of posting.legs) {
        const { account } = leg;
        if (!('user' in account) || account.wallet !== 'contract' || leg.bucket !== 'available') {
          continue;
        }
        const entry = net.get(account.user) ?? { available: 0n, reference: posting.reference };
        entry.available += leg.amount;
        entry.reference = posting.reference;
        net.set(account.user, entry);
      }
    }
    const takers = [...net].filter(([, entry]) => entry.available < 0n).map(([user]) => user);
    if (takers.length === 0) return [];
    const { rows } = await sql<{ user_id: number; available: string }>`
      select user_id, available::text from ledger_accounts
      where user_id = any(${takers}::int[]) and wallet = 'contract' and asset = 'USDT'`.execute(
      trx,
    );
    const held = new Map(rows.map((row) => [row.user_id, parseAmount(row.available) ?? 0n]));
    return takers.flatMap((user) => {
      const entry = net.get(user) as { available: bigint; reference: string };
      const after = (held.get(user) ?? 0n) + entry.available;
      if (after >= 0n) return [];
      const legs = new Legs();
      legs.add(usdt(user), 'available', -after);
      legs.add({ system: 'insurance', asset: 'USDT' }, 'available', after);
      return [
        legs.posting('contract.shortfall', `${entry.reference}:shortfall:${user}`) as Posting,
      ];
    });
  }

  #answerOf(result: ContractResult, effects: ContractEffects, now: Date): Answer | Error {
    switch (result.kind) {
      case 'refused':
        return result.error;
      case 'quotes':
        return result.resting;
      case 'liquidated':
        return result.positionIds;
      case 'funded':
        return [result.payments];
      case 'order': {
        const order = effects.orders.get(result.orderId) ?? this.#state.orders.get(result.orderId);
        if (!order) throw new Error(`order ${result.orderId} was not written`);
        return orderView(order, this.markets.get(order.symbol) as ContractMarket, now);
      }
    }
  }

  /** Files the changed positions, and every position of a wallet that changed, again. */
  #refile(effects: ContractEffects, changed: readonly BalanceChange[]): void {
    const wallets = new Map<number, bigint>();
    for (const change of changed) {
      if (change.wallet === 'contract' && change.asset === 'USDT') {
        wallets.set(change.userId, change.available + change.frozen);
      }
    }
    for (const position of effects.positions.values()) {
      if (position.status !== 'open') this.#indexes.get(position.symbol)?.delete(position.id);
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
    for (const symbol of this.markets.keys()) this.#indexes.set(symbol, new LiquidationIndex());
    await this.refileCross(() => true);
  }

  /**
   * Files the cross positions again with their wallets read now (and, with `all`, every
   * position): a transfer in or out of the contract wallet and the other markets' marks move a
   * cross position's liquidation price without the engine changing it.
   */
  async refileCross(all: () => boolean = () => false): Promise<void> {
    const every = all();
    const positions = [...this.#state.positions.values()].filter(
      (position) => every || position.marginMode === 'cross',
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
    const index = this.#indexes.get(position.symbol);
    const market = this.markets.get(position.symbol);
    if (!index || !market) return;
    const backing = this.backingOf(position, walletTotal);
    if (backing === null) return;
    index.set(
      position.id,
      position.direction,
      liquidationPrice(market.brackets, asPosition(position), backing),
    );
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
