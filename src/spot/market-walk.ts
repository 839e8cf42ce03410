// A spot market order's preview, from the book the page shows beside the form (every level the
// worker holds, exact): the order walked through the opposite side (core/market/book-walk.ts) as
// the engine would take it, a buy by its quote amount in whole lots, a sell by its quantity, with
// its slippage against the best price. It runs on the page, not in the worker, since the spot
// domain starts with the app and the first screens' download has no room for it
// (docs/spot.md § Market preview). Null for a limit order, a form that cannot be read yet, or a
// book not known.
import { formatAtScale, formatPercent } from '../../core/figures.ts';
import { slippagePercent, type WalkLevel, walkLevels } from '../../core/market/book-walk.ts';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import type { BookRow, SpotMarketRules, SpotOrderForm } from '../../workers/facade.ts';

export interface SpotMarketPreview {
  /** The average price it would trade at; `--` when its side of the book is empty. */
  average: string;
  /** How much worse than the best price the average is, in percent. */
  slippage: string;
  /** The base it would get or give. */
  filled: string;
  /** The visible book fills it whole; when not, the form warns before sending. */
  whole: boolean;
}

/** One side of the book in units, best first as the book lists it. */
const unitLevels = (rows: readonly BookRow[], rules: SpotMarketRules): WalkLevel[] =>
  rows.map(([, , , price, size]) => [
    BigInt(toUnits(price, rules.price_scale, true) ?? 0),
    BigInt(toUnits(size, rules.quantity_scale, true) ?? 0),
  ]);

export function spotMarketWalk(
  form: SpotOrderForm,
  rules: SpotMarketRules | null,
  book: { bids: readonly BookRow[]; asks: readonly BookRow[]; resyncing: boolean } | null,
  locale: string,
): SpotMarketPreview | null {
  if (form.type !== 'market' || !rules || !book || book.resyncing) return null;
  const { price_scale: ps, quantity_scale: qs } = rules;
  const buy = form.side === 'buy';
  // What the form holds as the engine's units; the form's own checks judge anything else.
  const amount = buy ? toUnits(form.turnover.trim(), ps + qs) : toUnits(form.quantity.trim(), qs);
  if (amount === null || amount <= 0) return null;
  const levels = unitLevels(buy ? book.asks : book.bids, rules);
  const lot = BigInt(Math.max(1, toUnits(rules.lot_size, qs, true) ?? 1));
  const walk = walkLevels(
    levels,
    buy ? { quote: BigInt(amount) } : { quantity: BigInt(amount) },
    lot,
  );
  const average = walk.average === null ? null : fromUnits(walk.average, ps);
  return {
    average: formatAtScale(average, ps, locale),
    slippage: formatPercent(
      slippagePercent(form.side, walk.average, levels[0]?.[0] ?? null),
      locale,
    ),
    filled: formatAtScale(fromUnits(walk.filled, qs), qs, locale),
    whole: walk.whole,
  };
}
