// Perpetual contracts of the exchange: the engine over every perpetual's book (rebuilt from the
// database at start), the mark recorder that prices them and triggers liquidation, and the
// liquidity provider quoting each book around its index (server/market-kernel/liquidity/). Where
// the perpetuals are spread over the nodes, a node holds some markets (`hold`, `release`) and runs
// the marks, funding and quotes of those, on the index prints heard over the bus.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { knownMarkets } from '../market/catalog.ts';
import type { IndexPrints } from '../market/index-prints.ts';
import type { MarketService } from '../market/market-service.ts';
import type { PrintRecorder } from '../market/print-recorder.ts';
import { type IndexSource, printedIndex } from '../market/printed-index.ts';
import type { BookTradingSettings } from '../market-kernel/kernel-settings.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import { LiquidityProvider } from '../market-kernel/liquidity/liquidity-provider.ts';
import {
  ensureProviderAccount,
  seedProvider,
} from '../market-kernel/liquidity/provider-account.ts';
import { type ContractCommitted, ContractEngine } from './contract-engine.ts';
import { contractMarketOf, priceAtoms } from './contract-markets.ts';
import type { ContractSettings } from './contract-settings.ts';
import { FundingClock, type PaidRound } from './funding-clock.ts';
import { MarkRecorder, type Recorded } from './mark-recorder.ts';
import { PerpetualCandles } from './perpetual-candles.ts';
import { PublicBooks } from './public-books.ts';

/** How often the books' changes go out where they keep their own tick: the market data's cadence. */
const publishEveryMs = 100;

export interface ContractServiceOptions {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  market: MarketService;
  prints: PrintRecorder;
  settings: ContractSettings;
  /** What every book market shares: the provider's ladder and switch, the batch size, referral shares. */
  trading: BookTradingSettings;
  log: FastifyBaseLogger;
  /** Set where the perpetuals are spread over the nodes (SPREAD_MARKETS). */
  spread?: {
    /** The index prints as heard over the bus from the node that runs the market data. */
    prints: IndexPrints & { start(db: Db): Promise<void>; stop(): void };
    /** The database a market's writer commits through: fenced by that market's lease. */
    writerDb(symbol: string): Db;
    /** Tells the other markets' nodes of a committed cross liquidation. */
    crossLiquidated(userId: number, symbol: string): void;
  };
}

export class ContractService {
  readonly engine: ContractEngine | undefined;
  readonly #recorder: MarkRecorder | undefined;
  readonly funding: FundingClock | undefined;
  /** The perpetuals' own books and trades as the public channels and calls show them. */
  readonly books: PublicBooks | undefined;
  /** Each perpetual's candles of its own trades (its last price), for its chart. */
  readonly candles: PerpetualCandles | undefined;
  #seeding: Promise<void> = Promise.resolve();
  readonly #listeners = new Set<(committed: ContractCommitted) => void>();
  readonly #marks = new Set<(rows: readonly Recorded[]) => void>();
  readonly #rounds = new Set<(round: PaidRound) => void>();
  #provider: LiquidityProvider | undefined;
  /** Holds and releases, one at a time. */
  #changes: Promise<void> = Promise.resolve();
  #following = false;

  constructor(private readonly options: ContractServiceOptions) {
    const { settings, market, spread } = options;
    if (!settings.enabled) return;
    const markets = market
      .markets()
      .map((state) =>
        contractMarketOf(
          state.spec,
          settings.minNotional,
          { makerPpm: settings.makerFeePpm, takerPpm: settings.takerFeePpm },
          settings.priceBand,
        ),
      );
    this.engine = new ContractEngine({
      db: options.db,
      clock: options.clock,
      markets,
      batchMax: options.trading.batchMax,
      marketBandPpm: settings.marketBandPpm,
      referralRatesPpm: options.trading.referralRatesPpm,
      log: options.log,
      onCommitted: (committed) => this.#committed(committed),
      onRebuilt: () => this.books?.rebuilt((symbol) => this.engine?.book(symbol)),
      ...(spread && {
        writerDb: (symbol: string) => spread.writerDb(symbol),
        crossLiquidated: (userId: number, symbol: string) => spread.crossLiquidated(userId, symbol),
      }),
    });
    this.books = new PublicBooks(this.engine.markets.keys());
    this.candles = new PerpetualCandles(this.engine.markets);
    const funding = new FundingClock({
      db: options.db,
      engine: this.engine,
      indexOf: (symbol) => this.#indexOf(symbol),
      scheduler: options.scheduler,
      settings: {
        intervalMs: settings.fundingIntervalMs,
        sampleMs: settings.fundingSampleMs,
        rule: settings.fundingRule,
        impactMargin: settings.impactMargin,
      },
      onPaid: (round) => {
        for (const listener of this.#rounds) listener(round);
      },
      log: options.log,
    });
    this.funding = funding;
    this.#recorder = new MarkRecorder({
      db: options.db,
      engine: this.engine,
      prints: spread?.prints ?? options.prints,
      settings: {
        fundingIntervalMs: settings.fundingIntervalMs,
        lastFundingRate: (symbol) => funding.lastRate(symbol),
        basis: settings.markBasis,
      },
      onRecorded: (rows) => {
        for (const listener of this.#marks) listener(rows);
      },
      log: options.log,
    });
  }

  /** Told of every round of recorded marks. */
  onRecorded(listener: (rows: readonly Recorded[]) => void): () => void {
    this.#marks.add(listener);
    return () => this.#marks.delete(listener);
  }

  /** Told of every funding round paid. */
  onPaid(listener: (round: PaidRound) => void): () => void {
    this.#rounds.add(listener);
    return () => this.#rounds.delete(listener);
  }

  /**
   * Told on every publication tick of the market data, as every book's changes are. Where the
   * perpetuals are spread over the nodes, the market data may run elsewhere: the books keep a tick
   * of their own, as often.
   */
  onPublish(listener: (now: number) => void): () => void {
    const { scheduler, market, spread } = this.options;
    if (!spread) return market.onChanges((now) => listener(now));
    const timer = scheduler.setInterval(() => listener(scheduler.now()), publishEveryMs);
    return () => scheduler.clearInterval(timer);
  }

  onCommitted(listener: (committed: ContractCommitted) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The engine, for a call that needs it: where the perpetuals are switched off, `market_unknown`. */
  runningEngine(): ContractEngine {
    if (!this.engine) throw new BusinessError('market_unknown');
    return this.engine;
  }

  /** A market's decimals, also for the orders and trades of a market no longer listed. */
  scalesOf(symbol: string): { priceScale: number; quantityScale: number } {
    return (
      this.engine?.markets.get(symbol) ??
      knownMarkets.find((spec) => spec.symbol === symbol) ?? { priceScale: 8, quantityScale: 8 }
    );
  }

  /** Whether the perpetuals are spread over the nodes: this node holds only some of them. */
  get spread(): boolean {
    return this.options.spread !== undefined;
  }

  /** Where the market's index is read: the market data here, or the prints heard over the bus. */
  #indexOf(symbol: string): IndexSource | undefined {
    const { spread, market } = this.options;
    const contract = this.engine?.markets.get(symbol);
    if (!spread || !contract) return market.market(symbol);
    return printedIndex(spread.prints, symbol, contract.priceScale);
  }

  /** On the node that runs the engines: every market here, unless they are spread over the nodes. */
  async start(): Promise<void> {
    const { engine } = this;
    if (!engine) return;
    // Read back while the rest starts; a batch committed meanwhile waits for it (perpetual-candles.ts).
    this.#seeding = (
      this.candles?.seed(this.options.db, this.options.clock.now().getTime()) ?? Promise.resolve()
    ).catch((err: unknown) => this.options.log.error({ err }, 'perpetual candles not read back'));
    if (this.options.spread) return;
    await engine.rebuild();
    await this.#startMarkets();
  }

  /** Starts a market's writer here (read back from the database), with its marks, funding and quotes. */
  hold(symbol: string): Promise<void> {
    return this.#change(async (engine) => {
      const { spread, db } = this.options;
      if (spread && !this.#following) {
        await spread.prints.start(db);
        this.#following = true;
      }
      // Its candles are read back too: while another node held it, its trades were not seen here.
      if (spread) await this.candles?.seed(db, this.options.clock.now().getTime());
      await engine.hold([symbol]);
    });
  }

  /** Stops a market's writer here: what is queued is answered first. */
  release(symbol: string): Promise<void> {
    return this.#change((engine) => engine.release([symbol]));
  }

  /**
   * Changes the markets held here with their marks, funding rounds and quotes stopped, then starts
   * those again over the markets held now: each reads back what it needs of the markets it gains.
   */
  #change(work: (engine: ContractEngine) => Promise<void>): Promise<void> {
    const { engine } = this;
    if (!engine) return Promise.resolve();
    const change = this.#changes.then(async () => {
      await this.#stopMarkets();
      try {
        await work(engine);
      } finally {
        // Even when the change failed (the database away): the markets still held go on.
        if (engine.heldMarkets().length > 0) await this.#startMarkets();
        else this.#unfollow();
      }
    });
    this.#changes = change.catch(() => undefined);
    return change;
  }

  async #startMarkets(): Promise<void> {
    const { engine } = this;
    if (!engine) return;
    await this.funding?.start();
    this.#recorder?.start();
    const { trading, settings, spread } = this.options;
    if (!trading.liquidityProvider.enabled) return;
    // Spread over the nodes, this node may not hold the engines lease the module's handle is fenced
    // by: the provider's account is set up through the lease of a market it quotes here.
    const held = engine.heldMarkets()[0];
    const db = spread && held ? spread.writerDb(held.symbol) : this.options.db;
    const userId = await ensureProviderAccount(db);
    const { leverage, seedUsdt } = settings.provider;
    const markets = engine.heldMarkets().flatMap((contract) => {
      const state = this.#indexOf(contract.symbol);
      if (!state) return [];
      const requote = (user: number, quotes: readonly Quote[], resting: readonly number[] | null) =>
        engine.requote(user, contract.symbol, quotes, leverage, resting);
      return [{ writer: { market: contract, requote }, state }];
    });
    this.#provider = new LiquidityProvider({
      userId,
      seed: async () => {
        await seedProvider(db, userId, 'USDT', seedUsdt * 10n ** 8n, 'contract');
      },
      markets,
      settings: trading.liquidityProvider,
      scheduler: this.options.scheduler,
      log: this.options.log,
    });
    this.#provider.start();
  }

  async #stopMarkets(): Promise<void> {
    await this.funding?.stop();
    await this.#recorder?.stop();
    await this.#provider?.stop();
    this.#provider = undefined;
  }

  #unfollow(): void {
    if (this.#following) this.options.spread?.prints.stop();
    this.#following = false;
  }

  /**
   * On the node that ran the engines, when it stops running them. Markets spread over the nodes
   * are not the engines': they stop when their own leases go (`release`).
   */
  async stop(): Promise<void> {
    if (!this.options.spread) {
      await this.#stopMarkets();
      await this.engine?.idle();
    }
    await this.#seeding;
  }

  #committed(committed: ContractCommitted): void {
    const { engine } = this;
    if (!engine) return;
    const bySymbol = new Map<string, typeof committed.effects.fills>();
    for (const fill of committed.effects.fills) {
      const market = engine.markets.get(fill.symbol);
      if (market) this.#recorder?.noticeTrade(fill.symbol, priceAtoms(market, fill.price));
      bySymbol.set(fill.symbol, [...(bySymbol.get(fill.symbol) ?? []), fill]);
    }
    this.books?.committed(committed, (symbol) => engine.book(symbol));
    this.candles?.committed(committed);
    for (const [symbol, fills] of bySymbol) this.#provider?.noticeFills(symbol, fills);
    for (const listener of this.#listeners) listener(committed);
  }
}
