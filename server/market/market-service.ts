// The market data of the exchange: listens to the feeds, keeps every market's state, fills and
// stores candle history, and hands what changed to the socket gateway on a steady tick.
import type { FastifyBaseLogger } from 'fastify';
import type { Candle } from '../../core/market/candle.ts';
import { toUnits } from '../../core/market/units.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import type { Db } from '../db/database.ts';
import { loadCandles, loadNewest } from './candle-store.ts';
import { CandleWriter, unstoredRows } from './candle-writer.ts';
import type { MarketSpec } from './catalog.ts';
import type { FeedLevel, FeedListener, MarketFeed } from './feed.ts';
import { SimulatedFeed } from './feeds/simulated-feed.ts';
import { drawMissingHistory } from './history-backfill.ts';
import type { IndexRules } from './index-price.ts';
import { type MarketChanges, MarketState } from './market-state.ts';

export interface MarketServiceOptions {
  markets: readonly MarketSpec[];
  /** The first feed is primary: its trades, candles and book are the market's. All feed the index. */
  feeds: readonly MarketFeed[];
  db: Db;
  scheduler: Scheduler;
  log: FastifyBaseLogger;
  /** Days of one-minute history a fresh simulated market starts with. */
  historyDays: number;
  indexRules?: IndexRules;
  /** How often changes are handed to the gateway (coalescing of tickers, depth, candles). */
  publishMs?: number;
  /** How often changed candles are written to the database. */
  storeMs?: number;
}

/** Candles per period kept in memory once the start has settled; older ones are read on demand. */
const keptWindow = 2000;
/** One-minute candles read before the server answers: the 24 h ticker's window. */
const tickerMinutes = 1440;

export type ChangesListener = (now: number, changes: ReadonlyMap<string, MarketChanges>) => void;

export class MarketService {
  readonly #options: MarketServiceOptions;
  readonly #states = new Map<string, MarketState>();
  readonly #listeners = new Set<ChangesListener>();
  readonly #timers: unknown[] = [];
  readonly #writer: CandleWriter;
  /** Markets whose feed is taken in: their history reaches the present. */
  readonly #live = new Set<string>();
  /** The start-up work that runs after the server answers (history, candle windows). */
  #settling: Promise<void> = Promise.resolve();
  #settled = false;
  #stopping = false;
  #began = 0;

  constructor(options: MarketServiceOptions) {
    this.#options = options;
    this.#writer = new CandleWriter(options.db, options.log);
    const primary = this.primary;
    for (const spec of options.markets) {
      this.#states.set(spec.symbol, new MarketState(spec, primary.name, options.indexRules));
    }
  }

  get primary(): MarketFeed {
    const feed = this.#options.feeds[0];
    if (!feed) throw new Error('no market feed configured');
    return feed;
  }

  /** True when any price shown may come from the simulated feed. */
  get simulated(): boolean {
    return this.#options.feeds.some((feed) => feed.simulated);
  }

  /**
   * True when any feed's next print can be computed from public data (a seeded simulation, a
   * replay): second contracts stay closed on it unless a setting allows them (docs/options.md).
   */
  get predictable(): boolean {
    return this.predictableFeeds.length > 0;
  }

  /** The names of the feeds whose next print can be computed from public data. */
  get predictableFeeds(): string[] {
    return this.#options.feeds.filter((feed) => feed.predictable).map((feed) => feed.name);
  }

  markets(): MarketState[] {
    return [...this.#states.values()];
  }

  market(symbol: string): MarketState | undefined {
    return this.#states.get(symbol);
  }

  onChanges(listener: ChangesListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Reads what the first answers need (each market's newest candles) and starts the feeds. The
   * rest waits for `settle`. Until a market's history reaches the present its feed is not taken
   * in, and the calls answer the candles as they stand.
   */
  async start(): Promise<void> {
    const { scheduler, log } = this.#options;
    this.#began = performance.now();
    const loaded = await this.#loadNewest();
    const ms = Math.round(performance.now() - this.#began);
    log.info({ candles: loaded, ms }, 'newest candles loaded');
    if (!(this.primary instanceof SimulatedFeed)) {
      for (const symbol of this.#states.keys()) this.#live.add(symbol);
    }
    this.#options.feeds.forEach((feed, i) => {
      void Promise.resolve(feed.start(this.#listenerFor(feed, i === 0))).catch((err: unknown) =>
        log.error({ err, feed: feed.name }, 'market feed failed to start'),
      );
    });
    this.#timers.push(
      scheduler.setInterval(() => this.#publish(), this.#options.publishMs ?? 100),
      scheduler.setInterval(() => this.#queueChanged(), this.#options.storeMs ?? 5000),
    );
  }

  /**
   * Starts, in the background, what the first answers do not need: drawing and storing the
   * simulated history the database lacks, then reading older candles into memory. Once only.
   */
  settle(): void {
    if (this.#settled) return;
    this.#settled = true;
    const simulated = this.primary instanceof SimulatedFeed ? this.primary : undefined;
    this.#settling = this.#settle(simulated);
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    for (const timer of this.#timers) this.#options.scheduler.clearInterval(timer);
    // A live market's history is written before its live candles, so nothing it showed is lost;
    // a market not live yet showed none of its new history: the next start draws those minutes
    // again (other candles, unless the feed is seeded).
    this.#writer.dropUnwrittenHistory((symbol) => this.#live.has(symbol));
    await Promise.all(this.#options.feeds.map((feed) => feed.stop()));
    await this.#settling;
    await this.store();
  }

  /** Candles opening before `before`, oldest first: from memory, then the database for older. */
  async kline(
    state: MarketState,
    period: KlinePeriod,
    limit: number,
    before = Number.POSITIVE_INFINITY,
  ): Promise<Candle[]> {
    const series = state.candles.series[period];
    const kept = series.before(limit, before);
    if (kept.length >= limit) return kept;
    const oldest = kept[0]?.t ?? Math.min(before, series.firstTime() ?? before);
    const older = await loadCandles(
      this.#options.db,
      state.spec,
      period,
      limit - kept.length,
      oldest,
    );
    return [...older, ...kept];
  }

  /** Writes changed candles; one write at a time, in order, after any history still waiting. */
  store(): Promise<void> {
    this.#queueChanged();
    return this.#writer.idle();
  }

  #queueChanged(): void {
    for (const state of this.#states.values()) {
      this.#writer.add({ symbol: state.spec.symbol, rows: unstoredRows(state), history: false });
    }
  }

  /** Each market's newest candles of every period: the open ones, and a day of minutes. */
  async #loadNewest(): Promise<number> {
    const { db } = this.#options;
    const specs = [...this.#states.values()].map((state) => state.spec);
    let loaded = 0;
    for (const period of klinePeriods) {
      const newest = await loadNewest(db, specs, period, period === '1m' ? tickerMinutes : 1);
      for (const [symbol, candles] of newest) {
        this.#states.get(symbol)?.candles.load(period, candles);
        loaded += candles.length;
      }
    }
    return loaded;
  }

  /** The start-up work that waits until the server answers; it ends early on a stop. */
  async #settle(feed: SimulatedFeed | undefined): Promise<void> {
    const { log } = this.#options;
    const began = this.#began;
    try {
      if (feed) {
        await drawMissingHistory({
          feed,
          states: [...this.#states.values()],
          scheduler: this.#options.scheduler,
          historyDays: this.#options.historyDays,
          writer: this.#writer,
          log,
          stopping: () => this.#stopping,
          live: (state) => this.#live.add(state.spec.symbol),
        });
        if (this.#stopping) return;
        void this.#writer.historyStored().then(() => {
          const rows = this.#writer.historyRows;
          if (!this.#stopping) {
            log.info({ rows, ms: Math.round(performance.now() - began) }, 'market history stored');
          }
        });
      }
      log.info({ ms: Math.round(performance.now() - began) }, 'markets live');
      await this.#loadWindows();
    } catch (err) {
      log.error({ err }, 'market start-up work failed');
    }
  }

  /** Reads older stored candles into memory, up to the kept window of every market and period. */
  async #loadWindows(): Promise<void> {
    const began = performance.now();
    let loaded = 0;
    for (const state of this.#states.values()) {
      for (const period of klinePeriods) {
        if (this.#stopping) return;
        const series = state.candles.series[period];
        const first = series.firstTime();
        const wanted = keptWindow - series.length;
        if (first === undefined || wanted <= 0) continue;
        const older = await loadCandles(this.#options.db, state.spec, period, wanted, first);
        series.prepend(older);
        loaded += older.length;
      }
    }
    this.#options.log.info(
      { candles: loaded, ms: Math.round(performance.now() - began) },
      'candle windows loaded',
    );
  }

  #listenerFor(feed: MarketFeed, primary: boolean): FeedListener {
    const { log } = this.#options;
    const units = (state: MarketState, price: string, quantity?: string) => {
      const p = toUnits(price, state.spec.priceScale, true);
      const q = quantity === undefined ? 0 : toUnits(quantity, state.spec.quantityScale, true);
      if (p === null || p <= 0 || q === null || q < 0) {
        log.warn({ feed: feed.name, symbol: state.spec.symbol, price, quantity }, 'bad feed value');
        return null;
      }
      return { p, q };
    };
    const levels = (state: MarketState, raw: readonly FeedLevel[]) =>
      raw.flatMap(([price, quantity]) => {
        const level = units(state, price, quantity);
        return level ? [[level.p, level.q] as const] : [];
      });
    // A market's feed is taken in once its history reaches the present (at once for real feeds).
    const live = (symbol: string) =>
      this.#live.has(symbol) ? this.#states.get(symbol) : undefined;
    return {
      price: (symbol, price, ts) => {
        const state = live(symbol);
        const value = state && units(state, price);
        if (state && value) state.price(feed.name, value.p, ts);
      },
      trade: (symbol, price, quantity, side, ts) => {
        const state = primary ? live(symbol) : undefined;
        const value = state && units(state, price, quantity);
        if (state && value && value.q > 0)
          state.trade({ price: value.p, quantity: value.q, side, ts });
      },
      depth: (symbol, kind, bids, asks) => {
        const state = primary ? live(symbol) : undefined;
        if (state) state.depth(kind, levels(state, bids), levels(state, asks));
      },
      status: (connected, detail) =>
        log.info({ feed: feed.name, connected, detail }, 'feed status'),
    };
  }

  #publish(): void {
    const now = this.#options.scheduler.now();
    const changes = new Map<string, MarketChanges>();
    for (const [symbol, state] of this.#states)
      changes.set(symbol, state.changes(now, klinePeriods));
    for (const listener of this.#listeners) listener(now, changes);
  }
}
