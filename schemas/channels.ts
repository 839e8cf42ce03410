// The market socket's channels (docs/api.md): how each is named and which are a user's own; what
// their frames carry is in channel-data.ts. The market's own channels are here; every other
// domain declares its channels beside its schema file and schemas/channel-registry.ts lists them.
// Both sides build and read channel names only through here.
import { z } from 'zod/mini';
import { type KlinePeriod, klinePeriods } from './api/market.schema.ts';
import { domainChannels } from './channel-registry.ts';

type RegisteredChannels = (typeof domainChannels)[number];

/** The market's channels of one symbol, named `<kind>.<SYMBOL>`, which every product reads. */
export const marketChannelKinds = ['ticker', 'trades', 'depth'] as const;
export type MarketChannelKind = (typeof marketChannelKinds)[number];

/** Every channel of one market, named `<kind>.<SYMBOL>`. */
export type SymbolChannelKind = MarketChannelKind | RegisteredChannels['symbol'][number];
const symbolChannelKinds: readonly SymbolChannelKind[] = [
  ...marketChannelKinds,
  ...domainChannels.flatMap((domain) => domain.symbol),
];

type SeriesKindOf<D> = D extends { readonly series: readonly (infer K)[] } ? K : never;
/** Every channel of one market's candles of one period, named `<kind>.<SYMBOL>.<period>`. */
export type SeriesChannelKind = 'kline' | SeriesKindOf<RegisteredChannels>;
const seriesChannelKinds: readonly SeriesChannelKind[] = [
  'kline',
  ...domainChannels.flatMap((domain) => ('series' in domain ? domain.series : [])),
];

/** A logged-in user's own channels, subscribed after an `auth` frame. */
export type PrivateChannel = RegisteredChannels['private'][number];
export const privateChannels: readonly PrivateChannel[] = domainChannels.flatMap(
  (domain) => domain.private,
);

/** A channel's name taken apart. */
export type ChannelAddress =
  | { kind: SymbolChannelKind; symbol: string }
  | { kind: SeriesChannelKind; symbol: string; period: KlinePeriod }
  | { kind: PrivateChannel };

type SymbolChannelNames = { readonly [K in SymbolChannelKind]: (symbol: string) => string };
type SeriesChannelNames = {
  readonly [K in SeriesChannelKind]: (symbol: string, period: KlinePeriod) => string;
};

/**
 * Channel names, built: `channelName.ticker('BTCUSDT')` is `ticker.BTCUSDT`,
 * `channelName['contract-depth']('BTCUSDT')` is `contract-depth.BTCUSDT`, and
 * `channelName.kline('BTCUSDT', '1m')` is `kline.BTCUSDT.1m`.
 */
export const channelName = {
  ...(Object.fromEntries(
    symbolChannelKinds.map((kind) => [kind, (symbol: string) => `${kind}.${symbol}`]),
  ) as SymbolChannelNames),
  ...(Object.fromEntries(
    seriesChannelKinds.map((kind) => [
      kind,
      (symbol: string, period: KlinePeriod) => `${kind}.${symbol}.${period}`,
    ]),
  ) as SeriesChannelNames),
};

const symbolPattern = /^[A-Z0-9]{2,12}USDT$/;

export function isPrivateChannel(name: string): name is PrivateChannel {
  return (privateChannels as readonly string[]).includes(name);
}

/** A channel name taken apart, or null when it names no channel. */
export function parseChannel(name: string): ChannelAddress | null {
  if (isPrivateChannel(name)) return { kind: name };
  const [kind, symbol, period, ...rest] = name.split('.');
  if (symbol === undefined || !symbolPattern.test(symbol) || rest.length > 0) return null;
  const seriesKind = seriesChannelKinds.find((candidate) => candidate === kind);
  if (seriesKind) {
    const known = klinePeriods.find((candidate) => candidate === period);
    return known ? { kind: seriesKind, symbol, period: known } : null;
  }
  const symbolKind = symbolChannelKinds.find((candidate) => candidate === kind);
  return symbolKind && period === undefined ? { kind: symbolKind, symbol } : null;
}

/** A channel name as a client may send it: public of a well-formed symbol, or private. */
export const channelSchema = z.string().check(
  z.maxLength(40),
  z.refine((name) => parseChannel(name) !== null, { error: 'not a channel' }),
);
