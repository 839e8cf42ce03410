// Recent trades per market, newest first, one reducer for both kinds of market: spot's seeded by
// `/market/trades` and extended by `trades.*` frames, the perpetuals' own by `/contract/trades` and
// `contract-trades.*` frames.
import type { TradeRow } from '../../schemas/api/market.schema.ts';
import { defineFold } from './fold.ts';

export type TradeTuple = Readonly<TradeRow>;

export type TradesView = Readonly<Record<string, readonly TradeTuple[]>>;

export const initialTrades: TradesView = {};

/** Trades kept per market: more than a phone shows. */
export const keptTrades = 50;

/** An answer's trades, newest first, under the frames that arrived before it. */
function withAnswer(
  state: TradesView,
  { symbol, trades }: { symbol: string; trades: readonly TradeTuple[] },
): TradesView {
  const shown = state[symbol] ?? [];
  // Frames that arrived before the answer are newer than its newest trade: keep them on top.
  const newest = trades[0]?.[3] ?? 0;
  const live = shown.filter((trade) => trade[3] > newest);
  return { ...state, [symbol]: [...live, ...trades].slice(0, keptTrades) };
}

/** A frame's trades, oldest first, on top. */
function withFrame(
  state: TradesView,
  { symbol, data }: { symbol: string; data: readonly TradeTuple[] },
): TradesView {
  const arrived = [...data].reverse();
  return { ...state, [symbol]: [...arrived, ...(state[symbol] ?? [])].slice(0, keptTrades) };
}

export const tradesFold = defineFold(initialTrades, {
  'recent-trades': (state, { payload }) => withAnswer(state, payload),
  trades: (state, { payload }) => withFrame(state, payload),
});

export const contractTradesFold = defineFold(initialTrades, {
  'contract-recent-trades': (state, { payload }) => withAnswer(state, payload),
  'contract-trades': (state, { payload }) => withFrame(state, payload),
});
