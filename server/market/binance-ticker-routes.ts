// The spot markets' tickers on the Binance-compatible door (docs/api-binance.md § "Spot market
// data"): `GET /api/v3/ticker/24hr`, `ticker/price` and `ticker/bookTicker`, for one `symbol`, a
// `symbols` list or every market. The numbers are the market service's 24 h ticker (the one
// `/market/exchange` lists, market-state.ts) and its published book, in Binance's shapes.

import { z } from 'zod';
import { fromUnits } from '../../core/market/units.ts';
import type { BinanceRouter, PublicEndpoint } from '../binance/binance-router.ts';
import { binanceDecimal } from '../binance/decimals.ts';
import { doorErrors } from '../binance/errors.ts';
import { bestOf, dayTicker, miniOf } from './binance-day-ticker.ts';
import { chooseMarkets, symbolChoiceParams } from './binance-symbols.ts';
import type { MarketService } from './market-service.ts';
import type { MarketState } from './market-state.ts';

const tickerParams = symbolChoiceParams.extend({
  type: z.enum(['FULL', 'MINI']).optional(),
});

/** Binance's weights: 2 for one symbol; for a list or every market, what `listed` says. */
const endpoint = <S extends typeof symbolChoiceParams>(
  path: string,
  params: S,
  listed: (count: number | undefined) => number,
) =>
  ({
    method: 'GET',
    path,
    weight: 2,
    security: 'NONE',
    params,
    weightOf: ({ symbol, symbols }: z.output<typeof symbolChoiceParams>) =>
      symbol !== undefined ? 2 : listed(symbols?.length),
  }) satisfies PublicEndpoint<S>;

/** The day's tickers weigh by how many are asked for: every market is the most. */
const dayWeight = (count: number | undefined) =>
  count === undefined || count > 100 ? 80 : count > 20 ? 40 : 2;

export const ticker24hrEndpoint = endpoint('/api/v3/ticker/24hr', tickerParams, dayWeight);
export const tickerPriceEndpoint = endpoint('/api/v3/ticker/price', symbolChoiceParams, () => 4);
export const bookTickerEndpoint = endpoint(
  '/api/v3/ticker/bookTicker',
  symbolChoiceParams,
  () => 4,
);

export function bindTickerRoutes(
  router: BinanceRouter,
  service: MarketService,
  now: () => number,
): void {
  /**
   * Each market asked for, answered by `view`: one object for `symbol`, else a list. A market
   * without a price yet is left out of a list; asked for alone, it is a refusal to try again.
   */
  const answer = <V>(
    choice: z.output<typeof symbolChoiceParams>,
    view: (state: MarketState, at: number) => V | null,
  ) => {
    const at = now();
    const { single, markets } = chooseMarkets(
      choice,
      service.markets(),
      (state) => state.spec.symbol,
    );
    const views = markets.flatMap((state) => view(state, at) ?? []);
    if (!single) return views;
    const [only] = views;
    if (only === undefined) throw doorErrors.unavailable();
    return only;
  };

  router.add(ticker24hrEndpoint, async ({ params }) =>
    answer(params, (state, at) => {
      const full = dayTicker(state, at);
      return full && params.type === 'MINI' ? miniOf(full) : full;
    }),
  );

  router.add(tickerPriceEndpoint, async ({ params }) =>
    answer(params, (state) => {
      const last = state.last;
      if (!last) return null;
      const price = binanceDecimal(fromUnits(last.price, state.spec.priceScale));
      return { symbol: state.spec.symbol, price };
    }),
  );

  router.add(bookTickerEndpoint, async ({ params }) =>
    answer(params, (state) => ({ symbol: state.spec.symbol, ...bestOf(state) })),
  );
}
