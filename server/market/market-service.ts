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
import {
  continuesStored,
  type MarketHistory,
  missingMinutes,
  planHistory,
  storeMissingHistory,
} from './history-backfill.ts';
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
  /**
   * Markets whose drawn history is not yet all handed to the writer: their live candles wait, so
   * the stored candles never jump over history still to come.
   */
  readonly #pending = new Set<string>();
  /** Markets whose minutes before the junction are not yet all handed to the writer. */
  readonly #olderPending = new Set<string>();
  /** The simulated history planned at start, stored by `settle`. */
  #plans: MarketHistory[] = [];
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
   * Reads what the first answers need (each market's newest candles), draws the simulated minutes
   * of the last day or two the database lacks (history-backfill.ts), and takes in every feed at
   * once: every market is listed with its live price from the first answer. The rest (older
   * history, storing it) waits for `settle`.
   */
  async start(): Promise<void> {
    const { scheduler, log } = this.#options;
    this.#began = performance.now();
    const newest = await this.#readNewest();
    const read = [...newest.values()].flatMap((periods) => [...periods.values()]);
    const candles = read.reduce((sum, list) => sum + list.length, 0);
    const ms = Math.round(performance.now() - this.#began);
    log.info({ candles, ms }, 'newest candles loaded');
    const simulated = this.primary instanceof SimulatedFeed ? this.primary : undefined;
    for (const state of this.#states.values()) {
      const stored = newest.get(state.spec.symbol) ?? new Map<KlinePeriod, Candle[]>();
      const plan = simulated && this.#plan(simulated, state, stored);
      // Stored candles older than the junction stay out of memory until the history between
      // them and it is stored too: memory never holds a gap.
      if (plan && !continuesStored(plan)) continue;
      for (const [period, list] of stored) state.candles.load(period, list);
    }
    if (simulated) this.#drawRecent(simulated);
    this.#options.feeds.forEach((feed, i) => {
      void Promise.resolve(feed.start(this.#listenerFor(feed, i === 0))).catch((err: unknown) =>
        log.error({ err, feed: feed.name }, 'market feed failed to start'),
      );
    });
    // Its first step at once rather than at the next whole second: the first answers carry it.
    simulated?.step(scheduler.now());
    log.info({ ms: Math.round(performance.now() - this.#began) }, 'markets live');
    this.#timers.push(
      scheduler.setInterval(() => this.#publish(), this.#options.publishMs ?? 100),
      scheduler.setInterval(() => this.#queueChanged(), this.#options.storeMs ?? 5000),
    );
  }

  /**
   * Starts, in the background, what the first answers do not need: drawing the older simulated
   * history the database lacks, storing it with the minutes drawn at start, then reading older
   * candles into memory. Once only.
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
    // A market whose older history is handed over has the rest handed over too and written before
    // its live candles, so nothing it showed is lost. One whose older history is not: its unwritten
    // history and its candles since the start are dropped, so what is stored still ends at a
    // complete moment; the next start draws those minutes again (other candles, unless seeded).
    this.#writer.dropUnwrittenHistory((symbol) => !this.#olderPending.has(symbol));
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
      if (this.#pending.has(state.spec.symbol)) continue;
      this.#writer.add({ symbol: state.spec.symbol, rows: unstoredRows(state), history: false });
    }
  }

  /** Each market's newest stored candles of every period: the open ones, and a day of minutes. */
  async #readNewest(): Promise<Map<string, Map<KlinePeriod, Candle[]>>> {
    const { db } = this.#options;
    const specs = [...this.#states.values()].map((state) => state.spec);
    const bySymbol = new Map<string, Map<KlinePeriod, Candle[]>>();
    for (const period of klinePeriods) {
      const newest = await loadNewest(db, specs, period, period === '1m' ? tickerMinutes : 1);
      for (const [symbol, candles] of newest) {
        const periods = bySymbol.get(symbol) ?? new Map<KlinePeriod, Candle[]>();
        periods.set(period, candles);
        bySymbol.set(symbol, periods);
      }
    }
    return bySymbol;
  }

  /** Plans a market's missing history (drawing the minutes kept in memory) and keeps the plan. */
  #plan(
    feed: SimulatedFeed,
    state: MarketState,
    stored: ReadonlyMap<KlinePeriod, readonly Candle[]>,
  ): MarketHistory {
    const newestStored = new Map<KlinePeriod, Candle>();
    for (const [period, candles] of stored) {
      const last = candles.at(-1);
      if (last) newestStored.set(period, last);
    }
    const plan = planHistory({
      feed,
      state,
      stored: newestStored,
      now: this.#options.scheduler.now(),
      historyDays: this.#options.historyDays,
    });
    if (missingMinutes(plan) > 0) {
      this.#plans.push(plan);
      this.#pending.add(state.spec.symbol);
      if (!continuesStored(plan)) this.#olderPending.add(state.spec.symbol);
    }
    return plan;
  }

  /**
   * Puts each market's minutes drawn at start in memory, and sets the live walk to go on from
   * their close. They are stored by `settle` with the older history, so their rows are taken
   * here, before any live trade, and not written as live candles.
   */
  #drawRecent(feed: SimulatedFeed): void {
    const { log } = this.#options;
    const minutes = this.#plans.reduce((sum, plan) => sum + missingMinutes(plan), 0);
    if (minutes > 0) {
      log.info({ minutes, markets: this.#plans.length }, 'drawing market history');
    }
    for (const plan of this.#plans) {
      plan.state.addHistory(plan.recent);
      plan.state.candles.takeUnstored();
    }
    for (const state of this.#states.values()) {
      const { symbol } = state.spec;
      feed.resume(symbol, state.candles.series['1m'].last()?.c ?? feed.referenceTicks(symbol));
    }
  }

  /** The start-up work that waits until the server answers; it ends early on a stop. */
  async #settle(feed: SimulatedFeed | undefined): Promise<void> {
    const { log } = this.#options;
    const began = this.#began;
    try {
      if (feed && this.#plans.length > 0) {
        await storeMissingHistory({
          feed,
          plans: this.#plans,
          writer: this.#writer,
          log,
          stopping: () => this.#stopping,
          olderHandedOver: (state) => this.#olderPending.delete(state.spec.symbol),
          handedOver: (state) => this.#pending.delete(state.spec.symbol),
        });
        this.#plans = [];
        if (this.#stopping) return;
        // Older candles are read back into memory once the history before each junction is stored.
        await this.#writer.historyStored();
        if (this.#stopping) return;
        log.info(
          {
            rows: this.#writer.historyRows,
            longestWriteMs: Math.round(this.#writer.longestHistoryWriteMs),
            ms: Math.round(performance.now() - began),
          },
          'market history stored',
        );
      }
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
    const stateOf = (symbol: string) => this.#states.get(symbol);
    return {
      price: (symbol, price, ts) => {
        const state = stateOf(symbol);
        const value = state && units(state, price);
        if (state && value) state.price(feed.name, value.p, ts);
      },
      trade: (symbol, price, quantity, side, ts) => {
        const state = primary ? stateOf(symbol) : undefined;
        const value = state && units(state, price, quantity);
        if (state && value && value.q > 0)
          state.trade({ price: value.p, quantity: value.q, side, ts });
      },
      depth: (symbol, kind, bids, asks) => {
        const state = primary ? stateOf(symbol) : undefined;
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
