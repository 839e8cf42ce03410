// The spot markets' trading rules (tick, lot, minimum value, fee rates), from `/spot/markets`.
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import { defineFold } from './fold.ts';

export type SpotRulesView = Readonly<Record<string, SpotMarketRules>>;

export const initialSpotRules: SpotRulesView = {};

export const spotRulesFold = defineFold(initialSpotRules, {
  'spot-markets': (_state, { payload }) =>
    Object.fromEntries(payload.list.map((rules) => [rules.symbol, rules])),
});
