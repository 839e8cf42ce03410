// Spot trading of the exchange: one writer per listed market, their books rebuilt from the
// database at start, the public book and trades of each market fed from them after every commit,
// the private order and balance changes handed to whoever listens (the socket gateway), and the
// liquidity provider quoting around the index. Where the spot markets are spread over the nodes
// (SPREAD_MARKETS), a node runs the writers of the markets whose leases it holds (`hold`,
// `release`), and their books reach the market data's node over the bus (book-relay.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler } from '../../core/scheduler.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { ErrorName } from '../../schemas/errors.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import type { MarketService } from '../market/market-service.ts';
import type { IndexSource } from '../market/printed-index.ts';
import { everyLevel } from '../matching/book-levels.ts';
import { type Committed, type IdempotencyKey, MarketWriter } from './market-writer.ts';
import { type SpotMarket, spotMarketOf } from './spot-markets.ts';
import { SpotQuotes } from './spot-quotes.ts';
import type { SpotSettings } from './spot-settings.ts';
import type { SpotSpread } from './spot-spread.ts';

export type CommittedListener = (committed: Committed) => void;

export interface SpotServiceOptions {
  db: Db;
  clock: Clock;
  scheduler: Scheduler;
  market: MarketService;
  settings: SpotSettings;
  log: FastifyBaseLogger;
  /** Set where the spot markets are spread over the nodes (SPREAD_MARKETS). */
  spread?: SpotSpread;
}

export class SpotService {
  readonly #options: SpotServiceOptions;
  /** Every listed market, wherever its writer runs. */
  readonly #markets = new Map<string, SpotMarket>();
  /** The writers running here: every market's, unless the markets are spread over the nodes. */
  readonly #writers = new Map<string, MarketWriter>();
  readonly #listeners = new Set<CommittedListener>();
  readonly #quotes: SpotQuotes;
  /** Holds and releases, one at a time. */
  #changes: Promise<void> = Promise.resolve();

  constructor(options: SpotServiceOptions) {
    this.#options = options;
    this.#quotes = new SpotQuotes({
      settings: options.settings.liquidityProvider,
      scheduler: options.scheduler,
      log: options.log,
    });
    if (!options.settings.enabled) return;
    const { makerFeePpm, takerFeePpm, minNotional } = options.settings;
    for (const state of options.market.markets()) {
      const market = spotMarketOf(
        state.spec,
        minNotional,
        { makerPpm: makerFeePpm, takerPpm: takerFeePpm },
        options.settings.priceBand,
      );
      this.#markets.set(market.symbol, market);
      if (!options.spread) this.#writers.set(market.symbol, this.#writerOf(market, options.db));
    }
  }

  get enabled(): boolean {
    return this.#markets.size > 0;
  }

  /** Every listed market. */
  markets(): SpotMarket[] {
    return [...this.#markets.values()];
  }

  /** The market's writer, when it runs here. */
  writer(symbol: string): MarketWriter | undefined {
    return this.#writers.get(symbol);
  }

  market(symbol: string): SpotMarket | undefined {
    return this.#markets.get(symbol);
  }

  /**
   * The writer a call on `symbol` runs on. Refused with `unlisted` for a market not listed, and as
   * unavailable for one another node holds this moment (a move under way: the caller tries again).
   */
  writerFor(symbol: string, unlisted: ErrorName): MarketWriter {
    const writer = this.#writers.get(symbol);
    if (writer) return writer;
    throw new BusinessError(this.#markets.has(symbol) ? 'engine_unavailable' : unlisted);
  }

  /** The market's bids, best first, in ticks and units: from its writer, or its book as relayed. */
  bidsOf(symbol: string): readonly (readonly [price: number, quantity: number])[] {
    const writer = this.#writers.get(symbol);
    if (writer) return everyLevel(writer.book, 'buy');
    return this.#options.market.market(symbol)?.book.snapshot(Number.MAX_SAFE_INTEGER).bids ?? [];
  }

  /** Sells a small balance on the market's writer, here or on the node that holds it. */
  sellDust(
    symbol: string,
    userId: number,
    quantity: number,
    key: IdempotencyKey,
  ): Promise<SpotOrder> {
    const writer = this.#writers.get(symbol);
    if (writer) return writer.sellDust(userId, quantity, key);
    const { spread } = this.#options;
    if (!spread) return Promise.reject(new BusinessError('market_unknown'));
    return spread.sellDustElsewhere({ symbol, userId, quantity, key });
  }

  /** The liquidity provider's user id, when one quotes. */
  get providerId(): number | undefined {
    return this.#quotes.userId;
  }

  onCommitted(listener: CommittedListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * On the node that runs the market data and the engines. Spread over the nodes, the markets start
   * where their leases are (`hold`); here their books are only followed.
   */
  async start(): Promise<void> {
    const { market, spread } = this.#options;
    for (const symbol of this.#markets.keys()) market.market(symbol)?.useExchangeBook();
    if (spread) {
      spread.followBooks();
      return;
    }
    for (const writer of this.#writers.values()) await writer.rebuild();
    await this.#startQuotes(this.#options.db);
  }

  async stop(): Promise<void> {
    const { spread } = this.#options;
    if (spread) {
      spread.unfollowBooks();
      return;
    }
    await this.#quotes.stop();
    await Promise.all([...this.#writers.values()].map((writer) => writer.idle()));
  }

  /** Starts the market's writer here, its book read back from the database, and quotes it. */
  hold(symbol: string, epoch: number): Promise<void> {
    return this.#change(async (spread) => {
      const market = this.#markets.get(symbol);
      if (!market || this.#writers.has(symbol)) return;
      await spread.startPrints(this.#options.db);
      const writer = this.#writerOf(market, spread.writerDb(symbol), epoch);
      await writer.rebuild();
      this.#writers.set(symbol, writer);
      spread.serve(symbol, writer, epoch);
    });
  }

  /** Stops the market's writer here: what is queued is answered first. */
  release(symbol: string): Promise<void> {
    return this.#change(async (spread) => {
      const writer = this.#writers.get(symbol);
      if (!writer) return;
      spread.unserve(symbol);
      this.#writers.delete(symbol);
      await writer.idle();
      if (this.#writers.size === 0) spread.stopPrints();
    });
  }

  /** Changes the markets held here with the quotes stopped, then quotes those held now. */
  #change(work: (spread: SpotSpread) => Promise<void>): Promise<void> {
    const { spread } = this.#options;
    if (!spread) return Promise.resolve();
    const change = this.#changes.then(async () => {
      await this.#quotes.stop();
      try {
        await work(spread);
      } finally {
        // Even when the change failed (the database away): the markets still held go on.
        const held = this.#writers.keys().next();
        if (!held.done) await this.#startQuotes(spread.writerDb(held.value));
      }
    });
    this.#changes = change.catch(() => undefined);
    return change;
  }

  /** Quotes the markets whose writers run here, through `db` (fenced by a held lease if spread). */
  async #startQuotes(db: Db): Promise<void> {
    if (!this.enabled || !this.#options.settings.liquidityProvider.enabled) return;
    await this.#quotes.start({
      db,
      all: this.markets(),
      writers: [...this.#writers.values()],
      indexOf: (market) => this.#indexOf(market),
    });
  }

  /** Where a market's index is read: the market data here, or the prints heard over the bus. */
  #indexOf(market: SpotMarket): IndexSource | undefined {
    const { spread } = this.#options;
    return spread ? spread.indexOf(market) : this.#options.market.market(market.symbol);
  }

  #writerOf(market: SpotMarket, db: Db, epoch = 0): MarketWriter {
    const { clock, settings, log, spread } = this.#options;
    const state = this.#options.market.market(market.symbol);
    const index = this.#indexOf(market);
    return new MarketWriter(market, {
      db,
      clock,
      referralRatesPpm: settings.referralRatesPpm,
      batchMax: settings.batchMax,
      // The last index even when stale: the band is wide, and a stale index is the last price
      // anyone printed.
      reference: () => index?.indexAt(clock.now().getTime()).price ?? null,
      log,
      onCommitted: (committed) => {
        if (spread) spread.publishBook(committed, epoch);
        else if (state) applyCommitted(state, committed);
        this.#quotes.noticeFills(committed.market.symbol, committed.fills);
        for (const listener of this.#listeners) listener(committed);
      },
      onRebuilt: (_, book) => {
        const bids = everyLevel(book, 'buy');
        const asks = everyLevel(book, 'sell');
        if (spread) spread.publishSnapshot(market.symbol, epoch, bids, asks);
        else state?.exchangeDepth('snapshot', bids, asks);
      },
    });
  }
}

/** A commit's trades and touched levels, into the market's public trades and book. */
function applyCommitted(
  state: NonNullable<ReturnType<MarketService['market']>>,
  committed: Committed,
): void {
  for (const fill of committed.fills) {
    state.exchangeTrade({
      price: fill.price,
      quantity: fill.quantity,
      side: fill.takerSide,
      ts: committed.ts,
    });
  }
  state.exchangeDepth('update', committed.bids, committed.asks);
}
