// Candles per market and period: history from `/market/kline` answers (the newest page, then
// older pages on demand) and the open candle from `kline.*` frames, which carry whole candles.
import type { LoggedEvent } from '../event-log.ts';

/** Open time, open, high, low, close, volume. */
export type CandleTuple = readonly [number, string, string, string, string, string];

export interface CandleSeriesState {
  rows: readonly CandleTuple[];
  /** Older history may exist before the first row. */
  hasOlder: boolean;
  loading: boolean;
  feed: string;
  simulated: boolean;
}

/** Keyed `BTCUSDT.1m`. */
export type CandlesView = Readonly<Record<string, CandleSeriesState>>;

export const initialCandles: CandlesView = {};

export const seriesKey = (symbol: string, period: string) => `${symbol}.${period}`;

const empty: CandleSeriesState = {
  rows: [],
  hasOlder: true,
  loading: false,
  feed: '',
  simulated: false,
};

/** Puts newer candles into rows sorted by open time: same time replaces, newer appends. */
function merged(rows: readonly CandleTuple[], arrived: readonly CandleTuple[]): CandleTuple[] {
  const next = [...rows];
  for (const candle of arrived) {
    let i = next.length - 1;
    while (i >= 0 && (next[i] as CandleTuple)[0] > candle[0]) i--;
    if (i >= 0 && (next[i] as CandleTuple)[0] === candle[0]) next[i] = candle;
    else next.splice(i + 1, 0, candle);
  }
  return next;
}

export function foldCandles(state: CandlesView, event: LoggedEvent): CandlesView {
  if (event.source === 'intent' && event.type === 'kline-requested') {
    const { symbol, period } = event.payload as { symbol: string; period: string };
    const key = seriesKey(symbol, period);
    return { ...state, [key]: { ...(state[key] ?? empty), loading: true } };
  }
  if (event.source === 'api' && event.type === 'kline') {
    const answer = event.payload as {
      symbol: string;
      period: string;
      before: number | null;
      limit: number;
      ok: boolean;
      candles?: CandleTuple[];
      feed?: string;
      simulated?: boolean;
    };
    const key = seriesKey(answer.symbol, answer.period);
    const shown = state[key] ?? empty;
    if (!answer.ok || !answer.candles) return { ...state, [key]: { ...shown, loading: false } };
    const candles = answer.candles;
    const rows =
      answer.before === null
        ? // The newest page: live candles newer than it stay.
          merged(
            candles,
            shown.rows.filter((row) => row[0] > (candles.at(-1)?.[0] ?? 0)),
          )
        : [...candles.filter((row) => row[0] < (shown.rows[0]?.[0] ?? Infinity)), ...shown.rows];
    return {
      ...state,
      [key]: {
        rows,
        hasOlder: candles.length >= answer.limit,
        loading: false,
        feed: answer.feed ?? shown.feed,
        simulated: answer.simulated ?? shown.simulated,
      },
    };
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as { channel: string; data: CandleTuple[] };
  if (!frame.channel.startsWith('kline.') || !Array.isArray(frame.data)) return state;
  const key = frame.channel.slice('kline.'.length);
  const shown = state[key] ?? empty;
  return { ...state, [key]: { ...shown, rows: merged(shown.rows, frame.data) } };
}
