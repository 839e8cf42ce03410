// The shape of a domain's socket channels, apart from schemas/channels.ts, which reads the
// registry of them: each `<domain>.channels.ts` checks itself against this without an import circle.

/** A domain's channels, by kind: what its `<domain>.channels.ts` declares. */
export interface DomainChannels {
  /** Channels of one market, named `<kind>.<SYMBOL>`. */
  readonly symbol: readonly string[];
  /** Channels of one market's candles of one period, named `<kind>.<SYMBOL>.<period>`, as `kline`. */
  readonly series?: readonly string[];
  /** A logged-in user's own channels, named by their kind alone, subscribed after an `auth` frame. */
  readonly private: readonly string[];
}
