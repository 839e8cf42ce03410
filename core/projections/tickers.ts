// Latest ticker per market, from the market lists' answers and `ticker.*` frames. Within one
// connection a frame older than the one shown is ignored; a new connection starts a new sequence.
import type { TickerData } from '../../schemas/api/market.schema.ts';
import { compareDecimals } from '../market/units.ts';
import { defineFold } from './fold.ts';

export interface TickerView {
  last: string;
  high: string;
  low: string;
  volume: string;
  quoteVolume: string;
  changePct: string;
  /** The index price (median of the live sources) and whether every source went silent. */
  index: string;
  stale: boolean;
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

function tickerFrom(data: TickerData, shown: TickerView | undefined, ts: number, seq: number) {
  const previous = shown?.last;
  const trend =
    previous !== undefined && previous !== data.last
      ? compareDecimals(data.last, previous)
      : (shown?.trend ?? 0);
  return {
    last: data.last,
    high: data.high,
    low: data.low,
    volume: data.volume,
    quoteVolume: data.quote_volume,
    changePct: data.change_pct,
    index: data.index,
    stale: data.stale,
    feed: data.feed,
    trend,
    ts,
    seq,
  } satisfies TickerView;
}

export const tickersFold = defineFold(initialTickers, {
  open: (state) => {
    // The server numbers frames per connection: forget the old numbers.
    if (Object.keys(state).length === 0) return state;
    const next: Record<string, TickerView> = {};
    for (const [symbol, ticker] of Object.entries(state)) next[symbol] = { ...ticker, seq: -1 };
    return next;
  },
  markets: (state, event) => {
    const next: Record<string, TickerView> = { ...state };
    for (const item of event.payload.list) {
      const shown = state[item.symbol];
      next[item.symbol] = tickerFrom(item, shown, event.at, shown?.seq ?? -1);
    }
    return next;
  },
  ticker: (state, { payload }) => {
    const shown = state[payload.symbol];
    if (shown && shown.seq >= payload.seq) return state;
    return {
      ...state,
      [payload.symbol]: tickerFrom(payload.data, shown, payload.ts, payload.seq),
    };
  },
});
