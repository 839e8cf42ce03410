// The perpetuals' socket channels, by name only (what their frames carry is in
// schemas/channel-data.ts): kept apart from contract.schema.ts so that reading a channel's name
// does not load the product's schemas. Collected in schemas/channel-registry.ts.
import type { DomainChannels } from '../domain-channels.ts';

export const contractChannels = {
  /** `mark.<SYMBOL>`, `funding.<SYMBOL>` and the perpetual's own book and trades. */
  symbol: ['mark', 'funding', 'contract-depth', 'contract-trades'],
  /** `perpetual-kline.<SYMBOL>.<period>`: the candles of the perpetual's own trades, as `kline`. */
  series: ['perpetual-kline'],
  /** The user's positions and contract orders. */
  private: ['positions', 'contract-orders'],
} as const satisfies DomainChannels;
