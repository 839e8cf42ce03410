// The embedded default feed: a simulation of every listed market, one price step per second, with
// trades and a book around the price. History is drawn a minute at a time by the same model so
// charts are never empty. Everything it produces is labelled simulated. Its random numbers come
// from the noise source it is given (noise.ts): secure by default, so its next price cannot be
// computed; seeded for tests and replays, and then it says it is predictable.
import { type Candle, candleOf, quoteTicks } from '../../../core/market/candle.ts';
import { fromUnits } from '../../../core/market/units.ts';
import type { Scheduler } from '../../../core/scheduler.ts';
import type { MarketSpec } from '../catalog.ts';
import type { FeedLevel, FeedListener, MarketFeed } from '../feed.ts';
import { type NoiseSource, streamOf, streams } from './noise.ts';
import { activity, type ModelMarket, modelMarketOf, secondStep, stepTicks } from './price-model.ts';

const historyStream = 9;
/** Points of a Brownian bridge per history minute: enough for a believable high and low. */
const bridgePoints = 6;
/** Levels per side of the simulated book, and their spacing in basis points of the price. */
const bookLevels = 20;
const levelSpacingBp = 2;

interface SimMarket extends ModelMarket {
  spec: MarketSpec;
  /** Price in ticks after the last step. */
  price: number;
  /** Mean trade size in lots, at ordinary activity. */
  meanTradeLots: number;
}

export interface SimulatedFeedOptions {
  /** Where every draw comes from: `secureNoise()` live, `seededNoise(seed)` to repeat a market. */
  noise: NoiseSource;
  markets: readonly MarketSpec[];
  scheduler: Scheduler;
}

export class SimulatedFeed implements MarketFeed {
  readonly name = 'simulated';
  readonly simulated = true;
  /** True on a seeded source: anyone who knows the seed can compute every price. */
  readonly predictable: boolean;
  readonly #noise: NoiseSource;
  readonly #scheduler: Scheduler;
  readonly #markets = new Map<string, SimMarket>();
  #timer: unknown;
  #listener: FeedListener | undefined;

  constructor(options: SimulatedFeedOptions) {
    this.#noise = options.noise;
    this.predictable = options.noise.predictable;
    this.#scheduler = options.scheduler;
    options.markets.forEach((spec, index) => {
      const model = modelMarketOf(spec, index);
      const tradesPerSecond = 2.5;
      const meanTradeQuote = spec.dailyQuoteVolume / 86_400 / tradesPerSecond;
      this.#markets.set(spec.symbol, {
        ...model,
        spec,
        price: Math.round(Math.exp(model.logReference)),
        meanTradeLots: (meanTradeQuote / Number(spec.referencePrice)) * 10 ** spec.quantityScale,
      });
    });
  }

  /** The price (ticks) the live walk continues from: the close of the stored history. */
  resume(symbol: string, priceTicks: number): void {
    const market = this.#market(symbol);
    market.price = Math.max(1, priceTicks);
  }

  /** The price the walk would start from without history: the market's reference level. */
  referenceTicks(symbol: string): number {
    return Math.round(Math.exp(this.#market(symbol).logReference));
  }

  /**
   * One-minute candles for the minutes opening at `from` (inclusive) to `to` (exclusive), starting
   * at `openTicks`. On a seeded source the same arguments draw the same candles; on the secure one
   * every call draws new ones, so the stored candles, not a redrawing, are the history.
   */
  history(symbol: string, from: number, to: number, openTicks: number): Candle[] {
    const market = this.#market(symbol);
    const noise = this.#noise;
    const candles: Candle[] = [];
    const stream = streamOf(market.index, historyStream);
    let price = Math.max(1, openTicks);
    for (let t = from; t < to; t += 60_000) {
      const minute = t / 60_000;
      const close = stepTicks(noise, market, price, t, minute, 60, stream);
      const candle = candleOf(t, price, 0, 0);
      // A Brownian bridge between open and close draws the minute's high and low.
      const spread = Math.abs(Math.log(close / price)) + market.annualVolatility * 0.0014;
      for (let j = 1; j < bridgePoints; j++) {
        const along = j / bridgePoints;
        const wobble = noise.normal(stream + 1, minute * bridgePoints + j) * spread * 0.5;
        const point = Math.round(price * (close / price) ** along * Math.exp(wobble));
        if (point > candle.h) candle.h = point;
        if (point < candle.l && point > 0) candle.l = point;
      }
      candle.h = Math.max(candle.h, close);
      candle.l = Math.min(candle.l, close);
      candle.c = close;
      const level = activity(noise, market.index, t);
      const lots = market.meanTradeLots * 2.5 * 60 * level;
      candle.v = Math.max(1, Math.round(lots * Math.exp(0.4 * noise.normal(stream + 2, minute))));
      // History has no individual trades: its quote volume is priced at the minute's typical price.
      const typical = Math.round((candle.o + candle.h + candle.l + candle.c) / 4);
      candle.q = quoteTicks(typical, candle.v, market.spec.quantityScale);
      candles.push(candle);
      price = close;
    }
    return candles;
  }

  start(listener: FeedListener): void {
    this.#listener = listener;
    const now = this.#scheduler.now();
    // Steps land on whole seconds, so a seeded run draws the same second's step the same way.
    this.#timer = this.#scheduler.setTimeout(() => this.#beat(), 1000 - (now % 1000));
  }

  stop(): void {
    this.#scheduler.clearTimeout(this.#timer);
    this.#scheduler.clearInterval(this.#timer);
    this.#listener = undefined;
  }

  #beat(): void {
    this.#timer = this.#scheduler.setInterval(() => this.step(this.#scheduler.now()), 1000);
    this.step(this.#scheduler.now());
  }

  /** Draws every market's step for the second containing `ts` and reports it. */
  step(ts: number): void {
    const listener = this.#listener;
    if (!listener) return;
    const second = Math.floor(ts / 1000);
    for (const market of this.#markets.values()) this.#stepMarket(market, second, listener);
  }

  #stepMarket(market: SimMarket, second: number, listener: FeedListener): void {
    const { spec } = market;
    const noise = this.#noise;
    const ts = second * 1000;
    const before = market.price;
    const after = secondStep(noise, market, before, second);
    market.price = after;

    // One to four trades walk from the previous price to the new one; the taker's side follows
    // the move, a coin decides when the price stands still.
    const level = activity(noise, market.index, ts);
    const count = 1 + Math.floor(noise.uniform(streamOf(market.index, streams.trades), second) * 4);
    for (let i = 1; i <= count; i++) {
      const price = Math.round(before + ((after - before) * i) / count);
      const size = noise.normal(streamOf(market.index, streams.tradeSize), second * 4 + i);
      const lots = Math.max(
        1,
        Math.round(market.meanTradeLots * level * Math.exp(0.9 * size - 0.4)),
      );
      const up =
        after === before
          ? noise.uniform(streamOf(market.index, streams.trades), -second - i) < 0.5
          : after > before;
      listener.trade(
        spec.symbol,
        fromUnits(price, spec.priceScale),
        fromUnits(lots, spec.quantityScale),
        up ? 'buy' : 'sell',
        ts + i,
      );
    }
    listener.price(spec.symbol, fromUnits(after, spec.priceScale), ts);
    const { bids, asks } = this.#book(market, second);
    listener.depth(spec.symbol, 'snapshot', bids, asks, ts);
  }

  /**
   * A book on a fixed grid of prices around the current price. A level's quantity is drawn from
   * its own price and a lifetime of a few seconds (a value the source holds), so levels persist and
   * change like resting orders rather than all flickering every step.
   */
  #book(market: SimMarket, second: number): { bids: FeedLevel[]; asks: FeedLevel[] } {
    const { spec, price } = market;
    const spacing = niceStep((price * levelSpacingBp) / 10_000);
    const firstBid = Math.floor((price - 1) / spacing) * spacing;
    const firstAsk = (Math.floor(price / spacing) + 1) * spacing;
    const side = (start: number, direction: number): FeedLevel[] => {
      const levels: FeedLevel[] = [];
      for (let i = 0; i < bookLevels; i++) {
        const at = start + direction * i * spacing;
        if (at <= 0) break;
        const life = 3 + (at % 7);
        const epoch = Math.floor(second / life);
        const draw = this.#noise.held(
          streamOf(market.index, streams.level),
          at * 1024 + (epoch % 1024),
        );
        const lots = Math.max(
          1,
          Math.round(market.meanTradeLots * (1 + i * 0.35) * Math.exp(0.6 * draw)),
        );
        levels.push([fromUnits(at, spec.priceScale), fromUnits(lots, spec.quantityScale)]);
      }
      return levels;
    };
    return { bids: side(firstBid, -1), asks: side(firstAsk, 1) };
  }

  #market(symbol: string): SimMarket {
    const market = this.#markets.get(symbol);
    if (!market) throw new Error(`the simulated feed does not list ${symbol}`);
    return market;
  }
}

/** The nearest 1, 2 or 5 × 10^k ticks at or above `raw`: book levels on round prices. */
function niceStep(raw: number): number {
  if (raw <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return step * power;
}
