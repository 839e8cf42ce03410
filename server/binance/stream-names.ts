// Binance's market stream names (docs/api-binance.md § "Market streams"): `<symbol>@<kind>`, the
// symbol in lower case, some kinds with a speed (`btcusdt@depth@100ms`). Each stream a client asks
// for is a public channel of the app's socket hub, `binance:<family>:<name>`, published by the
// module that owns the market (its node, where markets are spread) and relayed to every node like
// the app's own channels. A channel's frame carries the event as Binance words it.
import { type KlinePeriod, klinePeriods } from '../../schemas/market-names.ts';

/** Spot (`/ws`, `/stream`) or USDⓈ-M perpetuals (`/public/…`, `/market/…`). */
export type MarketFamily = 'api' | 'fapi';

const streamKinds = [
  'depth',
  'trade',
  'aggTrade',
  'markPrice',
  'kline',
  'bookTicker',
  'ticker',
  'miniTicker',
] as const;
type StreamKind = (typeof streamKinds)[number];

export type StreamAddress =
  | { kind: Exclude<StreamKind, 'kline'>; symbol: string }
  | { kind: 'kline'; symbol: string; period: KlinePeriod };

/**
 * The speeds each family names a stream with. Every speed is served at the publication tick of
 * the market data (§ "Differences from Binance"): the names are taken so a client's own stays valid.
 */
const speeds: Record<MarketFamily, Partial<Record<StreamKind, readonly string[]>>> = {
  api: {
    depth: ['', '100ms', '1000ms'],
    trade: [''],
    aggTrade: [''],
    kline: [''],
    bookTicker: [''],
    ticker: [''],
    miniTicker: [''],
  },
  fapi: {
    depth: ['', '100ms', '250ms', '500ms'],
    trade: [''],
    aggTrade: [''],
    kline: [''],
    markPrice: ['', '1s'],
    bookTicker: [''],
  },
};

const namePattern = /^([a-z0-9]{2,20})@([A-Za-z]+)(?:_([0-9a-zA-Z]+))?(?:@([0-9a-z]+))?$/;

/** A stream's name taken apart; null for a name the family does not serve. */
export function parseStreamName(family: MarketFamily, name: string): StreamAddress | null {
  const match = namePattern.exec(name);
  if (!match) return null;
  const [, lower = '', kind = '', interval, speed = ''] = match;
  const known = streamKinds.find((candidate) => candidate === kind);
  if (!known || !speeds[family][known]?.includes(speed)) return null;
  const symbol = lower.toUpperCase();
  if (known === 'kline') {
    const period = klinePeriods.find((candidate) => candidate === interval);
    return period ? { kind: known, symbol, period } : null;
  }
  return interval === undefined ? { kind: known, symbol } : null;
}

/** Every name a family serves for one market: what a publisher looks for subscribers under. */
export function streamNamesOf(family: MarketFamily, symbol: string): Map<string, StreamAddress> {
  const lower = symbol.toLowerCase();
  const names = new Map<string, StreamAddress>();
  for (const kind of streamKinds) {
    const kinds = kind === 'kline' ? klinePeriods.map((period) => `kline_${period}`) : [kind];
    for (const speed of speeds[family][kind] ?? []) {
      for (const spelled of kinds) {
        const name = `${lower}@${spelled}${speed === '' ? '' : `@${speed}`}`;
        const address = parseStreamName(family, name);
        if (address) names.set(name, address);
      }
    }
  }
  return names;
}

const channelPrefix = (family: MarketFamily) => `binance:${family}:`;

/** The hub channel a family's stream is published on. */
export function streamChannel(family: MarketFamily, name: string): string {
  return channelPrefix(family) + name;
}

/** The family's stream a hub channel names; null for any other channel. */
export function streamOfChannel(
  family: MarketFamily,
  channel: string,
): { name: string; address: StreamAddress } | null {
  const prefix = channelPrefix(family);
  if (!channel.startsWith(prefix)) return null;
  const name = channel.slice(prefix.length);
  const address = parseStreamName(family, name);
  return address ? { name, address } : null;
}
