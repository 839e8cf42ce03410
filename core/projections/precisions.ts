// What the listed markets say about precision, from every list of markets the client was
// answered: a market's tick (its price decimals) and an asset's display decimals (the lot of the
// market it is the base of). The figures formatter reads it (core/figures.ts).
import { type MarketDecimals, noPrecisions, type Precisions } from '../figures.ts';
import { defineFold } from './fold.ts';

interface MarketScales {
  symbol: string;
  base: string;
  price_scale: number;
  quantity_scale: number;
}

function learn(state: Precisions, list: readonly MarketScales[]): Precisions {
  const assets: Record<string, number> = { ...state.assets };
  const markets: Record<string, MarketDecimals> = { ...state.markets };
  let changed = false;
  for (const market of list) {
    const known = markets[market.symbol];
    if (known?.price !== market.price_scale || known.quantity !== market.quantity_scale) {
      markets[market.symbol] = { price: market.price_scale, quantity: market.quantity_scale };
      changed = true;
    }
    // A base traded in several markets (spot and perpetual) is shown at its finest lot.
    const shown = assets[market.base];
    if (shown === undefined || shown < market.quantity_scale) {
      assets[market.base] = market.quantity_scale;
      changed = true;
    }
  }
  return changed ? { assets, markets } : state;
}

export const precisionsFold = defineFold(noPrecisions, {
  markets: (state, { payload }) => learn(state, payload.list),
  'spot-markets': (state, { payload }) => learn(state, payload.list),
  'contract-markets': (state, { payload }) => learn(state, payload.list),
});
