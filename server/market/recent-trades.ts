// A book's recent trades: the last few hundred, for the trades calls, and those the socket has not
// published yet. Spot markets and perpetuals each keep one.

/** A trade in units: price ticks, quantity lots, taker side, time. */
export interface UnitTrade {
  price: number;
  quantity: number;
  side: 'buy' | 'sell';
  ts: number;
}

/** Trades kept per book for the trades calls. */
export const keptTrades = 200;

export class RecentTrades {
  readonly #kept: UnitTrade[] = [];
  #unpublished: UnitTrade[] = [];

  add(trade: UnitTrade): void {
    this.#kept.push(trade);
    // Trimmed in steps, not on every trade: a splice per trade would copy the list each time.
    if (this.#kept.length > keptTrades * 2) this.#kept.splice(0, this.#kept.length - keptTrades);
    this.#unpublished.push(trade);
  }

  /** Newest first. */
  recent(limit: number): UnitTrade[] {
    return this.#kept.slice(-limit).reverse();
  }

  /** The trades added since the last call, oldest first. */
  drain(): UnitTrade[] {
    const trades = this.#unpublished;
    this.#unpublished = [];
    return trades;
  }

  clear(): void {
    this.#kept.length = 0;
    this.#unpublished = [];
  }
}
