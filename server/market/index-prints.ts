// The read side of the index prints: what a perpetual's mark recorder and funding clock need of
// each round, whether the rounds are recorded on this node (`print-recorder.ts`, on the node that
// runs the market data) or heard over the bus from that node (`print-relay.ts`, on a node that
// runs a market's writer but not the market data).

export interface RecordedPrint {
  symbol: string;
  /** A whole second, ms. */
  ts: number;
  /** Quote atoms. */
  price: bigint;
  sources: readonly string[];
  stale: boolean;
}

export interface IndexPrints {
  /** Told of every round, in order; answers the function that stops telling. */
  onRecorded(listener: (prints: readonly RecordedPrint[]) => void): () => void;
  /** The newest print of `symbol`, if any. */
  latest(symbol: string): RecordedPrint | undefined;
  /** The newest print of every market: what a reader that starts late begins from. */
  latestRound(): RecordedPrint[];
}
