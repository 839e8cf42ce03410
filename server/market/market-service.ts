// The market data of the exchange: listens to the feeds, keeps every market's state, fills and
// stores candle history, and hands what changed to the socket gateway on a steady tick.
import type { FastifyBaseLogger } from 'fastify';
import type { Candle } from '../../core/market/candle.ts';
import { bucketStart } from '../../core/market/periods.ts';
import { toUnits } from '../../core/market/units.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import { type KlinePeriod, klinePeriods } from '../../schemas/api/market.schema.ts';
import type { Db } from '../db/database.ts';
import { loadCandles, type StoredCandle, saveCandles } from './candle-store.ts';
import type { MarketSpec } from './catalog.ts';
import type { FeedLevel, FeedListener, MarketFeed } from './feed.ts';
import { SimulatedFeed } from './feeds/simulated-feed.ts';
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

/** Candles per period loaded into memory at start; older ones are read from the database. */
const loadedAtStart = 2000;

export type ChangesListener = (now: number, changes: ReadonlyMap<string, MarketChanges>) => void;

export class MarketService {
  readonly #options: MarketServiceOptions;
  readonly #states = new Map<string, MarketState>();
  readonly #listeners = new Set<ChangesListener>();
  readonly #timers: unknown[] = [];
  #storing: Promise<void> = Promise.resolve();

  constructor(options: MarketServiceOptions) {
    this.#options = options;
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

  async start(): Promise<void> {
    const { scheduler } = this.#options;
    await this.#loadStored();
    if (this.primary instanceof SimulatedFeed) this.#backfill(this.primary, scheduler.now());
    this.#options.feeds.forEach((feed, i) => {
      void Promise.resolve(feed.start(this.#listenerFor(feed, i === 0))).catch((err: unknown) =>
        this.#options.log.error({ err, feed: feed.name }, 'market feed failed to start'),
      );
    });
    this.#timers.push(
      scheduler.setInterval(() => this.#publish(), this.#options.publishMs ?? 100),
      scheduler.setInterval(() => void this.store(), this.#options.storeMs ?? 5000),
    );
    // History written in the background: the server answers from memory meanwhile.
    void this.store();
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) this.#options.scheduler.clearInterval(timer);
    await Promise.all(this.#options.feeds.map((feed) => feed.stop()));
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

  /** Writes changed candles; one write at a time, in order. */
  store(): Promise<void> {
    const rows: StoredCandle[] = [];
    for (const state of this.#states.values()) {
      for (const { period, candle } of state.candles.takeUnstored()) {
        rows.push({ spec: state.spec, period, candle });
      }
    }
    if (rows.length === 0) return this.#storing;
    this.#storing = this.#storing
      .then(() => saveCandles(this.#options.db, rows))
      .catch((err: unknown) => this.#options.log.error({ err }, 'storing candles failed'));
    return this.#storing;
  }

  async #loadStored(): Promise<void> {
    for (const state of this.#states.values()) {
      for (const period of klinePeriods) {
        const candles = await loadCandles(this.#options.db, state.spec, period, loadedAtStart);
        state.candles.load(period, candles);
      }
    }
  }

  /** Draws the simulated minutes missing between the stored history (or 30 days ago) and now. */
  #backfill(feed: SimulatedFeed, now: number): void {
    const currentMinute = bucketStart(now, '1m');
    const earliest = currentMinute - this.#options.historyDays * 86_400_000;
    for (const state of this.#states.values()) {
      const { symbol } = state.spec;
      const last = state.candles.series['1m'].last();
      const from = last ? Math.max(last.t + 60_000, earliest) : earliest;
      const open = last ? last.c : feed.referenceTicks(symbol);
      const minutes = feed.history(symbol, from, currentMinute, open);
      state.candles.history(minutes);
      feed.resume(symbol, minutes.at(-1)?.c ?? open);
    }
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
    return {
      price: (symbol, price, ts) => {
        const state = this.#states.get(symbol);
        const value = state && units(state, price);
        if (state && value) state.price(feed.name, value.p, ts);
      },
      trade: (symbol, price, quantity, side, ts) => {
        const state = primary ? this.#states.get(symbol) : undefined;
        const value = state && units(state, price, quantity);
        if (state && value && value.q > 0)
          state.trade({ price: value.p, quantity: value.q, side, ts });
      },
      depth: (symbol, kind, bids, asks) => {
        const state = primary ? this.#states.get(symbol) : undefined;
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
