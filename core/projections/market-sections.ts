// The markets each list named in its last answer (home's `/index/index`, the spot, contract and
// second-contract lists). A list opened again, after a reload too, shows the markets it showed
// before at once from the kept log, with their last prices, while it asks for them again.
import type { MarketSection } from '../market/events.ts';
import { defineFold } from './fold.ts';

export type MarketSectionsView = Readonly<Partial<Record<MarketSection, readonly string[]>>>;

export const initialMarketSections: MarketSectionsView = {};

export const marketSectionsFold = defineFold(initialMarketSections, {
  markets: (state, { payload }) => ({
    ...state,
    [payload.section]: payload.list.map((ticker) => ticker.symbol),
  }),
});
