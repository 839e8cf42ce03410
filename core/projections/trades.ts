// Recent trades per market, newest first: seeded by `/market/trades`, extended by `trades.*` frames.
import type { LoggedEvent } from '../event-log.ts';

export type TradeTuple = readonly [
  price: string,
  quantity: string,
  side: 'buy' | 'sell',
  ts: number,
];

export type TradesView = Readonly<Record<string, readonly TradeTuple[]>>;

export const initialTrades: TradesView = {};

/** Trades kept per market: more than a phone shows. */
export const keptTrades = 50;

export function foldTrades(state: TradesView, event: LoggedEvent): TradesView {
  if (event.source === 'api' && event.type === 'trades') {
    const { symbol, trades } = event.payload as { symbol: string; trades: TradeTuple[] };
    const shown = state[symbol] ?? [];
    // Frames that arrived before the answer are newer than its newest trade: keep them on top.
    const newest = trades[0]?.[3] ?? 0;
    const live = shown.filter((trade) => trade[3] > newest);
    return { ...state, [symbol]: [...live, ...trades].slice(0, keptTrades) };
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as { channel: string; data: TradeTuple[] };
  if (!frame.channel.startsWith('trades.') || !Array.isArray(frame.data)) return state;
  const symbol = frame.channel.slice('trades.'.length);
  const arrived = [...frame.data].reverse();
  return { ...state, [symbol]: [...arrived, ...(state[symbol] ?? [])].slice(0, keptTrades) };
}
