// The liquidity provider: an account that keeps a ladder of quotes around each market's index
// price so users always find someone to trade with. It trades through the same writer, freezes
// and settles like any user, and moves its quotes only when the index has moved or a quote was
// taken. When the index is stale it withdraws its quotes rather than quote a price nobody prints.
// It never trades with itself: its ladder never crosses, it cancels before it places, and the
// engine's self-trade prevention stands behind both.
import type { MarketRules } from '../../../core/market/order-rules.ts';
import type { Scheduler } from '../../../core/scheduler.ts';
import type { MarketSpec } from '../../market/catalog.ts';
import type { IndexSource } from '../../market/printed-index.ts';
import { type DepthProfile, type ProfileSettings, profileOf } from './depth-profile.ts';
import { type LadderSettings, ladder, type Quote } from './ladder.ts';

/** The depth of every market's ladder (depth-profile.ts), how often it is checked, the seed. */
export interface ProviderSettings extends ProfileSettings {
  refreshMs: number;
  /** Quote-asset amount lent from the treasury at first start (whole units); 0 lends nothing. */
  seedQuote: bigint;
}

/** What the provider quotes through: a market's single writer, or the engine that owns its book. */
export interface QuotingWriter {
  market: {
    symbol: string;
    spec: MarketSpec;
    rules: MarketRules;
    priceScale: number;
    quantityScale: number;
  };
  /** Moves the provider's ladder to `quotes`; answers the ids of its orders that now rest. */
  requote(
    userId: number,
    quotes: readonly Quote[],
    resting: readonly number[] | null,
  ): Promise<number[]>;
}

export interface ProviderMarket {
  writer: QuotingWriter;
  /** Where its index is read: the market data, or the prints where the data runs elsewhere. */
  state: IndexSource;
}

/** Lends the provider its first inventory for a market, once, at the index price (ticks). */
export type ProviderSeed = (symbol: string, price: number) => Promise<void>;

interface QuotedMarket extends ProviderMarket {
  /** The depth this market is quoted with. */
  profile: DepthProfile;
  /** The index the resting ladder was built around; null when nothing rests. */
  center: number | null;
  /** A quote was taken or cancelled by someone else's order since the last requote. */
  disturbed: boolean;
  /** The ids of its quotes after the last requote; null until then (the writer finds them). */
  resting: readonly number[] | null;
}

export class LiquidityProvider {
  readonly #markets: QuotedMarket[];
  readonly #seed: ProviderSeed;
  readonly #userId: number;
  readonly #settings: ProviderSettings;
  readonly #scheduler: Scheduler;
  readonly #log: { warn(details: object, message: string): void };
  #timer: unknown;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;
  constructor(options: {
    seed: ProviderSeed;
    userId: number;
    markets: readonly ProviderMarket[];
    settings: ProviderSettings;
    scheduler: Scheduler;
    log: { warn(details: object, message: string): void };
  }) {
    this.#seed = options.seed;
    this.#userId = options.userId;
    this.#settings = options.settings;
    this.#scheduler = options.scheduler;
    this.#log = options.log;
    this.#markets = options.markets.map((market) => ({
      ...market,
      profile: profileOf(options.settings, market.writer.market.spec),
      center: null,
      disturbed: true,
      resting: null,
    }));
  }

  get userId(): number {
    return this.#userId;
  }

  start(): void {
    this.#timer = this.#scheduler.setInterval(() => {
      this.#running = this.#running.then(() => this.refresh());
    }, this.#settings.refreshMs);
    this.#running = this.#running.then(() => this.refresh());
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#scheduler.clearInterval(this.#timer);
    await this.#running;
  }

  /** Told of every committed fill: a quote that traded needs replacing. */
  noticeFills(
    symbol: string,
    fills: readonly { makerUserId: number; takerUserId: number }[],
  ): void {
    const mine = fills.some(
      (fill) => fill.makerUserId === this.#userId || fill.takerUserId === this.#userId,
    );
    if (!mine) return;
    const market = this.#markets.find((candidate) => candidate.writer.market.symbol === symbol);
    if (market) market.disturbed = true;
  }

  /** One pass over the markets: requotes those whose index moved or whose quotes were taken. */
  async refresh(): Promise<void> {
    for (const market of this.#markets) {
      if (this.#stopped) return;
      try {
        await this.#refreshMarket(market);
      } catch (error) {
        this.#log.warn({ err: error, symbol: market.writer.market.symbol }, 'requote failed');
        market.disturbed = true;
      }
    }
  }

  async #refreshMarket(market: QuotedMarket): Promise<void> {
    const index = market.state.indexAt(this.#scheduler.now());
    const live = index.price !== null && !index.stale ? index.price : null;
    if (!market.disturbed && !movedEnough(market.center, live, market.profile.stepBps)) return;
    if (live !== null) await this.#seed(market.writer.market.symbol, live);
    const { writer } = market;
    // The flag is cleared before the requote: a quote taken while it runs flags the next pass.
    market.disturbed = false;
    const wanted =
      live === null ? [] : ladder(live, writer.market.rules, this.#ladderSettings(market));
    // One command on the market's writer, batched with users' orders: it cancels and places only
    // the levels that changed, and the provider's balance decides how many it can pay for.
    market.resting = await writer.requote(this.#userId, wanted, market.resting);
    market.center = live;
  }

  #ladderSettings(market: QuotedMarket): LadderSettings {
    const { priceScale, quantityScale } = market.writer.market;
    const { levelQuote, ...profile } = market.profile;
    return { ...profile, levelQuote: levelQuote * 10n ** BigInt(priceScale + quantityScale) };
  }
}

/** Requote once the index has moved half a step from where the ladder was built. */
function movedEnough(center: number | null, live: number | null, stepBps: number): boolean {
  if (center === null || live === null) return center !== live;
  return Math.abs(live - center) * 20_000 >= center * stepBps;
}
