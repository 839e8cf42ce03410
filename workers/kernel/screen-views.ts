// The kernel's own views: the connection's state, and the whole fold with prices formatted, which
// is what /debug shows (live, or a capture being replayed).
import { formatMarketPrice } from '../../core/figures.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import type { ConnectionView } from '../../core/projections/connection.ts';
import { defineView } from './view.ts';

/** The whole fold, with prices formatted for the locale: what /debug shows. */
export type ScreenView = ClientView & {
  prices: Readonly<Record<string, { last: string; high: string; low: string }>>;
};

export const connectionView = defineView<ConnectionView>({
  source: (view) => view.connection,
  payload: (view) => view.connection,
});

export const screenView = defineView<ScreenView>({
  source: (view) => view,
  payload: (view, _params, locale) => {
    const prices: Record<string, { last: string; high: string; low: string }> = {};
    for (const [symbol, ticker] of Object.entries(view.tickers)) {
      const price = (value: string) => formatMarketPrice(value, symbol, view.precisions, locale);
      prices[symbol] = {
        last: price(ticker.last),
        high: price(ticker.high),
        low: price(ticker.low),
      };
    }
    return { ...view, prices };
  },
});
