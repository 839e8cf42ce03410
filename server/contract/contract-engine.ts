// The contract engine: a writer per perpetual market, each with group commit. Commands queue per
// market while that market's transaction is in flight, run as one batch through its book in memory,
// and are written in one transaction with their postings and idempotency keys; each is answered
// only after the commit (durable before acknowledged). A busy market's queue never holds another's.
// Cross margin spans markets (one wallet stands behind all of a user's cross positions): a batch
// takes its own market from memory and reads its users' wallets and their holdings in the other
// markets as committed, in one statement (batch-accounts.ts); the ledger's ordered locks settle
// two markets' postings to one wallet (docs/contracts.md § "A writer per market"). A funding
// round is paid a slice of positions per command, each slice sized from how long the last batch
// with one took, so orders queued behind a round wait about one slice (funding-rounds.ts). An
// engine runs the writers of the markets it holds (`hold`, `release`): all of them on one node,
// or those placed on this node where the markets are spread over several (market-writer.ts).
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { CommandCalls, type CommandSink } from '../engine/command-calls.ts';
import { type IdempotencyKey, type Pending, settle } from '../engine/group-commit.ts';
import type { SliceBudget } from '../engine/slice-sizer.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { BalanceChange } from '../ledger/post.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import type { OrderBook } from '../matching/order-book.ts';
import { InviterCache } from '../referrals/inviter-cache.ts';
import { readAccounts } from './batch-accounts.ts';
import { readBalances, usersOf } from './batch-balances.ts';
import type { ContractCommand } from './batch-commands.ts';
import type { ContractEffects } from './batch-effects.ts';
import type { NewContractOrder } from './batch-types.ts';
import { writeBatch } from './batch-write.ts';
import { writerOf } from './command-routing.ts';
import { ContractBatch } from './contract-batch.ts';
import type { ContractMarket } from './contract-markets.ts';
import { answerOf, type ContractAnswer, type ContractAnswers } from './engine-answers.ts';
import { EngineState, type PositionState } from './engine-state.ts';
import { commissionPostings } from './extra-postings.ts';
import type { FundingCommand, FundingSlice } from './funding-payments.ts';
import type { RunningRound } from './funding-rounds.ts';
import { MarkBoard } from './mark-board.ts';
import { type MarketWriter, marketWriter } from './market-writer.ts';
import { readMemory } from './memory-rebuild.ts';
import type { PositionCommand } from './position-changes.ts';
import { PositionFiling } from './position-filing.ts';
import { PositionIndexes } from './position-indexes.ts';

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
  /** How long a funding round's slice may hold the writer; the round's default unless a test sets it. */
  fundingSlice?: SliceBudget;
  /**
   * The database a market's writer writes through: where markets are spread over the nodes, one
   * whose transactions commit only while this node holds the market's lease. `db` otherwise.
   */
  writerDb?(symbol: string): Db;
  /**
   * Told of a committed cross liquidation, where markets are spread over the nodes: the owner's
   * orders in the other markets are those markets' nodes' to cancel (`cancelForLiquidation` there).
   * Absent, they are cancelled here.
   */
  crossLiquidated?(userId: number, symbol: string): void;
}

export class ContractEngine {
  readonly markets: ReadonlyMap<string, ContractMarket>;
  readonly marks = new MarkBoard();
  readonly #books = new Map<string, OrderBook>();
  /** Every market's orders, positions and rounds; each writer changes only its own market's. */
  readonly #state = new EngineState();
  readonly #indexes: PositionIndexes;
  readonly #filing: PositionFiling;
  readonly #writers = new Map<string, MarketWriter>();
  readonly #calls: CommandCalls<ContractCommand, ContractAnswers>;
  #accounts = new AccountDirectory();
  readonly #inviters = new InviterCache();
  constructor(private readonly options: ContractEngineOptions) {
    this.markets = new Map(options.markets.map((market) => [market.symbol, market]));
    this.#indexes = new PositionIndexes(this.markets);
    this.#filing = new PositionFiling(this, this.#indexes, (users) =>
      readBalances(options.db, users),
    );
    const router: CommandSink<ContractCommand, ContractAnswer> = {
      submit: (command, key) => {
        try {
          return writerOf(command, this.#state, this.markets, this.#writers).commands.submit(
            command,
            key,
          );
        } catch (error) {
          return Promise.reject(error);
        }
      },
    };
    this.#calls = new CommandCalls(router);
  }

  holds(symbol: string): boolean {
    return this.#writers.has(symbol);
  }

  /** The markets held here: those whose marks, funding and quotes this node looks after. */
  heldMarkets(): ContractMarket[] {
    return [...this.markets.values()].filter((market) => this.#writers.has(market.symbol));
  }

  /**
   * Starts the writers of `symbols` here: their books, orders, positions and rounds read back from
   * the database first, so a market another node wrote until now goes on from what it committed.
   */
  async hold(symbols: readonly string[]): Promise<void> {
    const markets = symbols.flatMap((symbol) => {
      const market = this.markets.get(symbol);
      return market && !this.#writers.has(symbol) ? [market] : [];
    });
    if (markets.length === 0) return;
    await this.#rebuildMarkets(markets);
    for (const market of markets) this.#writers.set(market.symbol, this.#writerFor(market));
  }

  /**
   * Stops the writers of `symbols` here: no new command reaches them, those queued are answered,
   * then their markets' memory is dropped (another node may hold them from now on).
   */
  async release(symbols: readonly string[]): Promise<void> {
    const writers = symbols.flatMap((symbol) => {
      const writer = this.#writers.get(symbol);
      this.#writers.delete(symbol);
      return writer ? [writer] : [];
    });
    await Promise.all(writers.map((writer) => writer.commands.idle()));
    const dropped = new Set(symbols);
    for (const symbol of dropped) this.#books.delete(symbol);
    this.#state.adopt(dropped, new EngineState());
    await this.#filing.refileAll();
  }

  #writerFor(market: ContractMarket): MarketWriter {
    const { options } = this;
    return marketWriter(market, {
      db: options.writerDb?.(market.symbol) ?? options.db,
      batchMax: options.batchMax,
      ...(options.fundingSlice && { fundingSlice: options.fundingSlice }),
      log: options.log,
      run: (writer, work, moved) => this.#attempt(market, writer, work, moved),
      rebuild: () => this.#rebuildMarkets([market]),
    });
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

  /**
   * Pays the next slice of the market's funding round (beginning it at the command's terms if none
   * is under way); answers how many positions paid or received, and whether the command's round is
   * finished. Called again until it is: orders queued meanwhile run between the slices.
   */
  fund(command: FundingCommand): Promise<FundingSlice> {
    return this.#calls.send(command);
  }

  /** The funding rounds under way, as far as their slices have reached. */
  fundingRounds(): readonly RunningRound<PositionState>[] {
    return this.#state.funding.all();
  }

  async idle(): Promise<void> {
    await Promise.all([...this.#writers.values()].map((writer) => writer.commands.idle()));
  }

  /** Holds every market here, each read back from the database: a node that runs them all. */
  async rebuild(): Promise<void> {
    await this.hold([...this.markets.keys()]);
  }

  /**
   * Reads the markets' books, orders, positions and rounds back from the database: at start, and
   * after a failed batch of one market's writer, whose memory may then hold what was never
   * written. The other markets' entries are their writers' and stay.
   */
  async #rebuildMarkets(markets: readonly ContractMarket[]): Promise<void> {
    const symbols = new Set(markets.map((market) => market.symbol));
    const memory = await readMemory(
      this.options.db,
      new Map(markets.map((market) => [market.symbol, market])),
    );
    for (const [symbol, book] of memory.books) this.#books.set(symbol, book);
    this.#state.adopt(symbols, memory.state);
    this.options.onRebuilt?.();
    await this.#filing.refileAll();
  }

  async #attempt(
    market: ContractMarket,
    { fundingSlice, ids, db }: MarketWriter,
    work: Pending<ContractCommand, ContractAnswer>[],
    moved: () => void,
  ): Promise<void> {
    const { clock } = this.options;
    const { symbol } = market;
    const now = clock.now();
    const started = performance.now();
    const slices = work.filter((pending) => pending.command.kind === 'fund').length;
    const state = this.#state;
    state.funding.sizeSlices(symbol, fundingSlice.size);
    const { balances, accounts } = await readAccounts(
      db,
      work.flatMap((pending) => usersOf(pending.command, state)),
      symbol,
      state,
    );
    const book = this.#books.get(symbol);
    if (!book) throw new Error(`no book for ${symbol}`);
    const batch = new ContractBatch({
      markets: this.markets,
      // Its own book alone: a command that reached the wrong writer cannot touch another's.
      books: new Map([[symbol, book]]),
      state,
      accounts,
      marks: this.marks,
      balances,
      nextOrderId: () => ids.orders.next(),
      nextPositionId: () => ids.positions.next(),
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
    const written = await writeBatch({
      db,
      accounts: this.#accounts,
      markets: this.markets,
      work,
      effects,
      balances,
      commissions,
      now,
      answerOf: (result) => answerOf(this, result, effects, balances, now),
    }).catch((error: unknown) => {
      this.#accounts = new AccountDirectory();
      throw error;
    });
    if (slices > 0) {
      fundingSlice.record(slices * fundingSlice.size, performance.now() - started);
    }
    for (const [i, pending] of work.entries()) {
      settle(pending, written.answers[i] ?? new Error('the batch gave the command no answer'));
    }
    if (!effects.moved) return;
    this.#filing.refileChanged(effects, written.changed);
    this.options.onCommitted({ ts: now.getTime(), effects, balances: written.changed });
    this.#cancelElsewhere(market, effects);
  }

  /**
   * A cross liquidation cancels its owner's orders in the other markets too. Those are their own
   * writers' books: each is asked, after the liquidation is committed, as the trader would ask.
   */
  #cancelElsewhere(market: ContractMarket, effects: ContractEffects): void {
    for (const liquidation of effects.liquidations) {
      if (liquidation.marginMode !== 'cross') continue;
      const { crossLiquidated } = this.options;
      if (crossLiquidated) crossLiquidated(liquidation.userId, market.symbol);
      else this.cancelForLiquidation(liquidation.userId, market.symbol);
    }
  }

  /**
   * Cancels the user's orders in the markets held here other than `liquidated`, whose cross
   * position was liquidated: each through its market's writer, as the trader's cancel would be.
   */
  cancelForLiquidation(userId: number, liquidated: string): void {
    for (const order of this.#state.ordersOf(userId)) {
      if (order.symbol === liquidated || !this.holds(order.symbol)) continue;
      this.#calls
        .call('cancel', { userId: order.userId, orderId: order.id, reason: 'liquidation' })
        .catch((error: unknown) => {
          // Filled or cancelled meanwhile: nothing is left to cancel.
          this.options.log.warn(
            { err: error, orderId: order.id },
            'cross liquidation: order elsewhere not cancelled',
          );
        });
    }
  }

  /**
   * Files the cross positions again (or, with `all`, every position) with their wallets read
   * now: a transfer in or out of the contract wallet and the other markets' marks move a cross
   * position's liquidation price without the engine changing it.
   */
  refile(which: 'cross' | 'all'): Promise<void> {
    return this.#filing.refile(which);
  }

  /** The backing of a position for its liquidation price; null when the wallet is unknown. */
  backingOf(position: PositionState, walletTotal: bigint | null): bigint | null {
    return this.#filing.backingOf(position, walletTotal);
  }
}
