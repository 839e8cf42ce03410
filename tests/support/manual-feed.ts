// A market feed the test sets the prices of: each `print` reaches the index at once, as a real
// feed's price would. Labelled simulated, like every price no exchange printed. It stands for a live
// feed (no one outside the test knows its next print), so it is not predictable unless the test
// says it is, to stand for a seeded or replayed feed.
import type { FeedListener, MarketFeed } from '../../server/market/feed.ts';

export class ManualFeed implements MarketFeed {
  readonly name = 'manual';
  readonly simulated = true;
  readonly predictable: boolean;
  #listener: FeedListener | undefined;
  readonly #pending: [string, string][] = [];

  /** `now` stamps each print: the test's simulated clock, or the real one. */
  constructor(
    private readonly now: () => number = Date.now,
    options: { predictable?: boolean } = {},
  ) {
    this.predictable = options.predictable ?? false;
  }

  start(listener: FeedListener): void {
    this.#listener = listener;
    for (const [symbol, price] of this.#pending.splice(0)) this.print(symbol, price);
  }

  stop(): void {
    this.#listener = undefined;
  }

  /** Quotes `price` for `symbol` now (kept until the feed starts). */
  print(symbol: string, price: string): void {
    if (!this.#listener) this.#pending.push([symbol, price]);
    else this.#listener.price(symbol, price, this.now());
  }
}
