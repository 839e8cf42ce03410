// A market feed for load: every step moves every market's price, reports `tradesPerStep` trades
// and changes `levelsPerStep` levels per side of a 20-level book. Stepped once per publication tick,
// it makes every ticker, trades and depth channel carry a frame on every tick, the most the
// gateway's coalescing lets through. Deterministic, so both variants of a run see the same market.
import { fromUnits } from '../../core/market/units.ts';
import type { MarketSpec } from '../../server/market/catalog.ts';
import type { FeedLevel, FeedListener, MarketFeed } from '../../server/market/feed.ts';

const bookLevels = 20;

export interface FloodOptions {
  markets: readonly MarketSpec[];
  tradesPerStep: number;
  levelsPerStep: number;
}

export class FloodFeed implements MarketFeed {
  readonly name = 'flood';
  readonly simulated = true;
  /** Deterministic: every step can be computed in advance. */
  readonly predictable = true;
  readonly #options: FloodOptions;
  #listener: FeedListener | undefined;
  #step = 0;

  constructor(options: FloodOptions) {
    this.#options = options;
  }

  start(listener: FeedListener): void {
    this.#listener = listener;
    // A full book first, so depth snapshots on subscribing carry 20 levels a side.
    for (const spec of this.#options.markets) {
      const { bids, asks } = this.#book(spec, 0, bookLevels);
      listener.depth(spec.symbol, 'snapshot', bids, asks, Date.now());
    }
  }

  stop(): void {
    this.#listener = undefined;
  }

  step(ts: number): void {
    const listener = this.#listener;
    if (!listener) return;
    const step = ++this.#step;
    const { markets, tradesPerStep, levelsPerStep } = this.#options;
    for (const spec of markets) {
      const mid = this.#mid(spec);
      // A saw-tooth of ±10 ticks: the last price, and so the ticker, changes on every step.
      const price = mid + ((step % 20) - 10);
      for (let i = 0; i < tradesPerStep; i++) {
        listener.trade(
          spec.symbol,
          fromUnits(price + i, spec.priceScale),
          fromUnits(1 + ((step + i) % 9), spec.quantityScale),
          (step + i) % 2 === 0 ? 'buy' : 'sell',
          ts,
        );
      }
      listener.price(spec.symbol, fromUnits(price, spec.priceScale), ts);
      const { bids, asks } = this.#book(spec, step, levelsPerStep);
      listener.depth(spec.symbol, 'update', bids, asks, ts);
    }
  }

  /** `count` levels a side, rotating through the book so successive steps touch different ones. */
  #book(spec: MarketSpec, step: number, count: number): { bids: FeedLevel[]; asks: FeedLevel[] } {
    const mid = this.#mid(spec);
    const spacing = 20;
    const side = (direction: number): FeedLevel[] =>
      Array.from({ length: count }, (_, i) => {
        const level = (step * count + i) % bookLevels;
        // The quantity follows the step, so a touched level always differs from what was published.
        const lots = 100 + level * 10 + (step % 50);
        return [
          fromUnits(mid + direction * (spacing * (level + 1)), spec.priceScale),
          fromUnits(lots, spec.quantityScale),
        ] as const;
      });
    return { bids: side(-1), asks: side(1) };
  }

  #mid(spec: MarketSpec): number {
    return Math.round(Number(spec.referencePrice) * 10 ** spec.priceScale);
  }
}
