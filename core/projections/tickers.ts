// Latest ticker per market from `ticker.*` frames; a frame older than the one shown is ignored.
import type { LoggedEvent } from '../event-log.ts';

export interface TickerView {
  last: string;
  high: string;
  low: string;
  volume: string;
  changePct: string;
  /** The feed's print time. */
  ts: number;
  seq: number;
}

export type TickersView = Readonly<Record<string, TickerView>>;

export const initialTickers: TickersView = {};

interface TickerFrame {
  channel: string;
  seq: number;
  ts: number;
  data: { last?: unknown; high?: unknown; low?: unknown; volume?: unknown; change_pct?: unknown };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '--');

export function foldTickers(state: TickersView, event: LoggedEvent): TickersView {
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as TickerFrame;
  if (!frame.channel.startsWith('ticker.')) return state;
  const symbol = frame.channel.slice('ticker.'.length);
  const shown = state[symbol];
  if (shown && shown.seq >= frame.seq) return state;
  const data = frame.data ?? {};
  return {
    ...state,
    [symbol]: {
      last: text(data.last),
      high: text(data.high),
      low: text(data.low),
      volume: text(data.volume),
      changePct: text(data.change_pct),
      ts: frame.ts,
      seq: frame.seq,
    },
  };
}
