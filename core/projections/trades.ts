// Recent trades per market, newest first: seeded by `/market/trades`, extended by `trades.*` frames.
import type { TradeRow } from '../../schemas/api/market.schema.ts';
import { defineFold } from './fold.ts';

export type TradeTuple = Readonly<TradeRow>;

export type TradesView = Readonly<Record<string, readonly TradeTuple[]>>;

export const initialTrades: TradesView = {};

/** Trades kept per market: more than a phone shows. */
export const keptTrades = 50;

export const tradesFold = defineFold(initialTrades, {
  'recent-trades': (state, { payload: { symbol, trades } }) => {
    const shown = state[symbol] ?? [];
    // Frames that arrived before the answer are newer than its newest trade: keep them on top.
    const newest = trades[0]?.[3] ?? 0;
    const live = shown.filter((trade) => trade[3] > newest);
    return { ...state, [symbol]: [...live, ...trades].slice(0, keptTrades) };
  },
  trades: (state, { payload: { symbol, data } }) => {
    const arrived = [...data].reverse();
    return { ...state, [symbol]: [...arrived, ...(state[symbol] ?? [])].slice(0, keptTrades) };
  },
});
