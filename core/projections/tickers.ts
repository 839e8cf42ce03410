// Latest ticker per market, from `/market/*` answers and `ticker.*` frames. Within one connection
// a frame older than the one shown is ignored; a new connection starts a new sequence.

import type { LoggedEvent } from '../event-log.ts';
import { compareDecimals } from '../market/units.ts';

export interface TickerView {
  last: string;
  high: string;
  low: string;
  volume: string;
  quoteVolume: string;
  changePct: string;
  /** The feed the price came from (`simulated` is labelled so on screen). */
  feed: string;
  /** Direction of the last change of `last`. */
  trend: -1 | 0 | 1;
  /** When it was received from the server (frame time or answer time). */
  ts: number;
  /** The frame's sequence number on the current connection; -1 after a reconnect. */
  seq: number;
}

export type TickersView = Readonly<Record<string, TickerView>>;

export const initialTickers: TickersView = {};

interface TickerData {
  last?: unknown;
  high?: unknown;
  low?: unknown;
  volume?: unknown;
  quote_volume?: unknown;
  change_pct?: unknown;
  feed?: unknown;
}

const text = (value: unknown) =>
  typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? value : '--';

function tickerFrom(data: TickerData, shown: TickerView | undefined, ts: number, seq: number) {
  const last = text(data.last);
  const previous = shown?.last;
  const trend =
    previous && previous !== '--' && last !== '--' && previous !== last
      ? compareDecimals(last, previous)
      : (shown?.trend ?? 0);
  return {
    last,
    high: text(data.high),
    low: text(data.low),
    volume: text(data.volume),
    quoteVolume: text(data.quote_volume),
    changePct: text(data.change_pct),
    feed: typeof data.feed === 'string' ? data.feed : (shown?.feed ?? ''),
    trend,
    ts,
    seq,
  } satisfies TickerView;
}

export function foldTickers(state: TickersView, event: LoggedEvent): TickersView {
  if (event.source === 'socket' && event.type === 'open') {
    // The server numbers frames per connection: forget the old numbers.
    if (Object.keys(state).length === 0) return state;
    const next: Record<string, TickerView> = {};
    for (const [symbol, ticker] of Object.entries(state)) next[symbol] = { ...ticker, seq: -1 };
    return next;
  }
  if (event.source === 'api' && event.type === 'markets') {
    const { list } = event.payload as { list?: (TickerData & { symbol?: unknown })[] };
    if (!Array.isArray(list)) return state;
    const next: Record<string, TickerView> = { ...state };
    for (const item of list) {
      if (typeof item.symbol !== 'string') continue;
      const shown = state[item.symbol];
      next[item.symbol] = tickerFrom(item, shown, event.at, shown?.seq ?? -1);
    }
    return next;
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as { channel: string; seq: number; ts: number; data: TickerData };
  if (!frame.channel.startsWith('ticker.')) return state;
  const symbol = frame.channel.slice('ticker.'.length);
  const shown = state[symbol];
  if (shown && shown.seq >= frame.seq) return state;
  return { ...state, [symbol]: tickerFrom(frame.data ?? {}, shown, frame.ts, frame.seq) };
}
