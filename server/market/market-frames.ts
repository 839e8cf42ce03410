// Turns a tick's market changes into channel data, only for channels someone listens to. A book's
// part (its trades and depth diff) serves the perpetuals' books as well.
import type { DepthData } from '../../schemas/channel-data.ts';
import { channelName } from '../../schemas/channels.ts';
import type { ChannelHub } from '../gateway/channel-hub.ts';
import { levelRows, type Scales, tradeRows } from './book-rows.ts';
import type { BookDiff } from './depth-book.ts';
import { candleRow } from './market-routes.ts';
import type { MarketChanges, MarketState } from './market-state.ts';
import type { UnitTrade } from './recent-trades.ts';

export function publishChanges(
  hub: ChannelHub,
  state: MarketState,
  changes: MarketChanges,
  now: number,
): void {
  const { symbol } = state.spec;
  const ticker = channelName.ticker(symbol);
  if (changes.ticker) hub.publish(ticker, changes.ticker, now);
  publishBook(
    hub,
    { trades: channelName.trades(symbol), depth: channelName.depth(symbol) },
    state.spec,
    changes,
    now,
  );
  for (const { period, candles } of changes.candles) {
    const channel = channelName.kline(symbol, period);
    if (hub.has(channel)) {
      hub.publish(
        channel,
        candles.map((candle) => candleRow(candle, state)),
        now,
      );
    }
  }
}

/** A book's new trades and depth diff on its two channels, each only when someone listens. */
export function publishBook(
  hub: ChannelHub,
  channels: { trades: string; depth: string },
  scales: Scales,
  changes: { trades: readonly UnitTrade[]; depth: BookDiff | null },
  now: number,
): void {
  if (changes.trades.length > 0 && hub.has(channels.trades)) {
    hub.publish(channels.trades, tradeRows(changes.trades, scales), now);
  }
  if (changes.depth && hub.has(channels.depth)) {
    const { prev, version, bids, asks } = changes.depth;
    const data: DepthData = {
      type: 'diff',
      prev,
      bids: levelRows(bids, scales),
      asks: levelRows(asks, scales),
    };
    hub.publish(channels.depth, data, now, version);
  }
}
