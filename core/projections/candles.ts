// Candles per market, period and source: history from `/market/kline` answers (the newest page,
// then older pages on demand) and the open candle from `kline.*` frames, which carry whole
// candles; a perpetual's own (source `last`) alike, from its kline call and `perpetual-kline.*`.
import type { CandleRow } from '../../schemas/api/market.schema.ts';
import type { ChartSource } from '../../schemas/market-names.ts';
import { defineFold } from './fold.ts';

/** Open time, open, high, low, close, volume. */
export type CandleTuple = Readonly<CandleRow>;

export interface CandleSeriesState {
  rows: readonly CandleTuple[];
  /** Older history may exist before the first row. */
  hasOlder: boolean;
  loading: boolean;
  feed: string;
  simulated: boolean;
}

/** Keyed `BTCUSDT.1m` (the index's), `BTCUSDT.1m.last` (a perpetual's own trades). */
export type CandlesView = Readonly<Record<string, CandleSeriesState>>;

export const initialCandles: CandlesView = {};

export const seriesKey = (symbol: string, period: string, source: ChartSource = 'index') =>
  source === 'index' ? `${symbol}.${period}` : `${symbol}.${period}.${source}`;

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

export const candlesFold = defineFold(initialCandles, {
  'kline-requested': (state, { payload: { symbol, period, source } }) => {
    const key = seriesKey(symbol, period, source);
    return { ...state, [key]: { ...(state[key] ?? empty), loading: true } };
  },
  'kline-page': (state, { payload: answer }) => {
    const key = seriesKey(answer.symbol, answer.period, answer.source);
    const shown = state[key] ?? empty;
    if (!answer.ok) return { ...state, [key]: { ...shown, loading: false } };
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
        feed: answer.feed,
        simulated: answer.simulated,
      },
    };
  },
  kline: (state, { payload: { symbol, period, data } }) =>
    withLive(state, seriesKey(symbol, period), data),
  'perpetual-kline': (state, { payload: { symbol, period, data } }) =>
    withLive(state, seriesKey(symbol, period, 'last'), data),
});

/** A frame's whole candles merged into a series. */
function withLive(state: CandlesView, key: string, data: readonly CandleTuple[]): CandlesView {
  const shown = state[key] ?? empty;
  return { ...state, [key]: { ...shown, rows: merged(shown.rows, data) } };
}
