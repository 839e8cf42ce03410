// A spot market order's preview, from the book the worker holds live (core/projections/books.ts):
// the order walked through the opposite side (core/market/book-walk.ts) as the engine would take
// it, a buy by its quote amount in whole lots, a sell by its quantity; slippage is against the
// best price. Null for a limit order, an order the form cannot read yet, or a book not known.

import type { Precisions } from '../../core/figures.ts';
import { formatAmount, formatAtScale, formatPercent } from '../../core/figures.ts';
import { slippagePercent, type WalkLevel, walkLevels } from '../../core/market/book-walk.ts';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import type { BookState } from '../../core/projections/books.ts';
import { isProblem, orderTerms, type SpotOrderForm } from '../../core/spot/order-form.ts';
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import type { SpotMarketPreview } from './types.ts';

/** One side of the book in units, best first. */
function sideLevels(
  side: ReadonlyMap<string, string>,
  rules: SpotMarketRules,
  ascending: boolean,
): WalkLevel[] {
  const levels: WalkLevel[] = [];
  for (const [price, size] of side) {
    const priceUnits = toUnits(price, rules.price_scale, true);
    const sizeUnits = toUnits(size, rules.quantity_scale, true);
    if (priceUnits !== null && sizeUnits !== null && sizeUnits > 0) {
      levels.push([BigInt(priceUnits), BigInt(sizeUnits)]);
    }
  }
  return levels.sort((a, b) => (a[0] === b[0] ? 0 : a[0] < b[0] === ascending ? -1 : 1));
}

export function spotMarketPreview(
  form: SpotOrderForm,
  rules: SpotMarketRules,
  book: BookState | undefined,
  precisions: Precisions,
  locale: string,
): SpotMarketPreview | null {
  if (form.type !== 'market' || !book || book.gap) return null;
  const terms = orderTerms(form, rules);
  if (isProblem(terms) || terms.type !== 'market') return null;
  const { price_scale: ps, quantity_scale: qs } = rules;
  const buy = terms.side === 'buy';
  const levels = sideLevels(buy ? book.asks : book.bids, rules, buy);
  const lot = BigInt(Math.max(1, toUnits(rules.lot_size, qs, true) ?? 1));
  const walk = walkLevels(
    levels,
    'turnover' in terms ? { quote: BigInt(terms.turnover) } : { quantity: BigInt(terms.quantity) },
    lot,
  );
  const slippage = slippagePercent(terms.side, walk.average, levels[0]?.[0] ?? null);
  return {
    average: formatAtScale(walk.average === null ? null : fromUnits(walk.average, ps), ps, locale),
    slippage: formatPercent(slippage, locale),
    filled: formatAmount(fromUnits(walk.filled, qs), rules.base, precisions, locale),
    spent: formatAmount(fromUnits(walk.spent, ps + qs), rules.quote, precisions, locale),
    whole: walk.whole,
  };
}
