// What a market feed is: a named source of prices, trades and order-book levels. The market
// state listens; feeds know nothing of candles, tickers or sockets.

/** A price level as a feed reports it: decimal price and quantity; quantity "0" removes it. */
export type FeedLevel = readonly [price: string, quantity: string];

export interface FeedListener {
  /** A price the source quotes for a market now (its last trade or mid): feeds the index. */
  price(symbol: string, price: string, ts: number): void;
  /** A trade the source reports; `side` is the taker's. */
  trade(symbol: string, price: string, quantity: string, side: 'buy' | 'sell', ts: number): void;
  /**
   * Order-book levels: `snapshot` replaces the book, `update` changes the levels named.
   * Sources without a book never call it.
   */
  depth(
    symbol: string,
    kind: 'snapshot' | 'update',
    bids: readonly FeedLevel[],
    asks: readonly FeedLevel[],
    ts: number,
  ): void;
  /** The source lost or regained its upstream: the index drops a silent source after a while anyway. */
  status?(connected: boolean, detail: string): void;
}

export interface MarketFeed {
  /** The source's name, shown beside every price it produced (`simulated`, `replay`, `binance`). */
  readonly name: string;
  /** True for generated prices: the UI labels them "Simulated market". */
  readonly simulated: boolean;
  /**
   * True when the next print can be computed from public data: a seeded simulation (the seed is a
   * setting, and 32 bits are recovered from a few prints), a replay of a capture (the file is the
   * future). Second contracts do not open on such a feed unless a setting allows it
   * (docs/options.md).
   */
  readonly predictable: boolean;
  start(listener: FeedListener): void | Promise<void>;
  stop(): void | Promise<void>;
}
