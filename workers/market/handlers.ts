// The market domain in the worker: loading a section's markets, paging a chart back, and asking
// for a fresh depth snapshot when a diff was missed.
import { newlyGapped } from '../../core/projections/books.ts';
import { seriesKey } from '../../core/projections/candles.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { channelName } from '../../schemas/channels.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { fetchCandles, loadMarkets } from './loaders.ts';
import type { MarketHandlers } from './types.ts';

export function createMarketHandlers(context: DomainContext): MarketHandlers {
  return {
    loadMarkets: (section) => loadMarkets(context, section),
    loadOlderCandles(symbol, period, source = 'index') {
      const series = context.view().candles[seriesKey(symbol, period, source)];
      const first = series?.rows[0];
      if (!series || !first || series.loading || !series.hasOlder) return;
      void fetchCandles(context, symbol, period, first[0], source);
    },
  };
}

/** A depth diff that did not follow its book: ask for a fresh snapshot. */
function resyncBooks(before: ClientView, after: ClientView, context: DomainContext): void {
  if (!after.connection.open) return;
  for (const symbol of newlyGapped(before.books, after.books)) {
    context.record({ source: 'intent', type: 'book-resync', payload: { symbol } });
    context.channels.refresh([channelName.depth(symbol)]);
  }
}

export const marketDomain = defineDomain({ handlers: createMarketHandlers, react: resyncBooks });
