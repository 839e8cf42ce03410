// The market's public channels on the socket: every publication tick's changes as frames (only of
// channels someone listens to), and what a new subscriber gets at once: the book's snapshot, the
// current ticker, the open candle.
import { parseChannel } from '../../schemas/channels.ts';
import { type ChannelHub, encodeFrame } from '../gateway/channel-hub.ts';
import type { PublicStream } from '../gateway/streams.ts';
import { publishChanges } from './market-frames.ts';
import { candleRow } from './market-routes.ts';
import type { MarketService } from './market-service.ts';
import { SnapshotFrames } from './snapshot-frames.ts';

/** The kinds of channel this stream feeds; a perpetual's `mark` and `funding` are the contract module's. */
const servedKinds = new Set<string>(['ticker', 'trades', 'depth', 'kline']);

export function marketStream(service: MarketService): PublicStream {
  const snapshots = new SnapshotFrames();
  const marketOf = (channel: string) => {
    const address = parseChannel(channel);
    if (address && !servedKinds.has(address.kind)) return undefined;
    const state = address && 'symbol' in address ? service.market(address.symbol) : undefined;
    return address && state ? { address, state } : undefined;
  };

  return {
    serves: (channel) => marketOf(channel) !== undefined,
    greeting(channel, now, hub: ChannelHub) {
      const found = marketOf(channel);
      if (!found) return null;
      const { address, state } = found;
      switch (address.kind) {
        case 'depth':
          return snapshots.frame(channel, state.book, state.spec, now);
        case 'ticker': {
          const ticker = state.ticker(now);
          return ticker ? encodeFrame(channel, hub.seqOf(channel), now, ticker) : null;
        }
        case 'kline': {
          // The open candle now, so a candle that changes between the client's history call and
          // its first frame is never left stale on its screen.
          const open = state.candles.series[address.period].last();
          return open
            ? encodeFrame(channel, hub.seqOf(channel), now, [candleRow(open, state)])
            : null;
        }
        default:
          return null;
      }
    },
    start: (hub, burst) =>
      service.onChanges((now, changes) =>
        burst(() => {
          for (const [symbol, change] of changes) {
            const state = service.market(symbol);
            if (state) publishChanges(hub, state, change, now);
          }
        }),
      ),
  };
}
