// Turns a tick's market changes into channel data, only for channels someone listens to.
import { fromUnits } from '../../core/market/units.ts';
import type { Level, TradeRow } from '../../schemas/api/market.schema.ts';
import { channelName, type DepthData } from '../../schemas/channels.ts';
import type { ChannelHub } from '../gateway/channel-hub.ts';
import type { UnitLevel } from './depth-book.ts';
import { candleRow } from './market-routes.ts';
import type { MarketChanges, MarketState } from './market-state.ts';

/** Levels a depth snapshot carries: the book the screen shows and a margin for diffs to eat into. */
export const snapshotLevels = 100;

export function publishChanges(
  hub: ChannelHub,
  state: MarketState,
  changes: MarketChanges,
  now: number,
): void {
  const { symbol, priceScale, quantityScale } = state.spec;
  const channels = { ticker: channelName.ticker(symbol), trades: channelName.trades(symbol) };
  const depth = channelName.depth(symbol);
  if (changes.ticker) hub.publish(channels.ticker, changes.ticker, now);
  if (changes.trades.length > 0 && hub.has(channels.trades)) {
    const rows: TradeRow[] = changes.trades.map((trade) => [
      fromUnits(trade.price, priceScale),
      fromUnits(trade.quantity, quantityScale),
      trade.side,
      trade.ts,
    ]);
    hub.publish(channels.trades, rows, now);
  }
  if (changes.depth && hub.has(depth)) {
    const { prev, version, bids, asks } = changes.depth;
    const data: DepthData = {
      type: 'diff',
      prev,
      bids: levelsOf(bids, priceScale, quantityScale),
      asks: levelsOf(asks, priceScale, quantityScale),
    };
    hub.publish(depth, data, now, version);
  }
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

/** The published book as a snapshot frame's data, with its version. */
export function depthSnapshot(state: MarketState): { version: number; data: DepthData } {
  const { priceScale, quantityScale } = state.spec;
  const book = state.book.snapshot(snapshotLevels);
  return {
    version: book.version,
    data: {
      type: 'snapshot',
      bids: levelsOf(book.bids, priceScale, quantityScale),
      asks: levelsOf(book.asks, priceScale, quantityScale),
    },
  };
}

function levelsOf(
  levels: readonly UnitLevel[],
  priceScale: number,
  quantityScale: number,
): Level[] {
  return levels.map(([price, quantity]) => [
    fromUnits(price, priceScale),
    fromUnits(quantity, quantityScale),
  ]);
}
