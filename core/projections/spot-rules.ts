// The spot markets' trading rules (tick, lot, minimum value, fee rates), from `/spot/markets`.
import { type SpotMarketRules, spotMarketRulesSchema } from '../../schemas/api/spot.schema.ts';
import type { LoggedEvent } from '../event-log.ts';

export type SpotRulesView = Readonly<Record<string, SpotMarketRules>>;

export const initialSpotRules: SpotRulesView = {};

export function foldSpotRules(state: SpotRulesView, event: LoggedEvent): SpotRulesView {
  if (event.source !== 'api' || event.type !== 'spot-markets') return state;
  const list = spotMarketRulesSchema.array().safeParse((event.payload as { list?: unknown })?.list);
  if (!list.success) return state;
  return Object.fromEntries(list.data.map((rules) => [rules.symbol, rules]));
}
