// A market feed the test sets the prices of: each `print` reaches the index at once, as a real
// feed's price would. Labelled simulated, like every price no exchange printed.
import type { FeedListener, MarketFeed } from '../../server/market/feed.ts';

export class ManualFeed implements MarketFeed {
  readonly name = 'manual';
  readonly simulated = true;
  #listener: FeedListener | undefined;
  readonly #pending: [string, string][] = [];

  /** `now` stamps each print: the test's simulated clock, or the real one. */
  constructor(private readonly now: () => number = Date.now) {}

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
