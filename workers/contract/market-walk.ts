// A perpetual market order's preview, from the perpetual's own book the review holds
// (./review.ts): the quantity walked through the opposite side (core/market/book-walk.ts), its
// average price, its slippage against the mark, and how much of it the visible book fills. Null
// for a limit order, a quantity the form cannot read yet, or a book not known.

import type { ContractOrderForm } from '../../core/contract/order-form.ts';
import { stepsOf, typedAtoms } from '../../core/contract/order-form.ts';
import type { ReviewContext } from '../../core/contract/order-review.ts';
import { formatPercent } from '../../core/figures.ts';
import { slippagePercent, walkLevels } from '../../core/market/book-walk.ts';
import { priceAtScale } from '../../core/market/decimal-atoms.ts';
import { displayAmount } from '../../core/money.ts';
import { price, quantity } from './format.ts';
import type { ContractMarketPreview } from './types.ts';

export function contractMarketPreview(
  form: ContractOrderForm,
  context: ReviewContext,
  locale: string,
): ContractMarketPreview | null {
  const { market, book } = context;
  if (form.type !== 'market' || !book) return null;
  const wanted = typedAtoms(form.quantity, market.quantity_scale, stepsOf(market).lot);
  if (typeof wanted !== 'bigint') return null;
  const long = form.direction === 'long';
  // Atoms both: a price in quote atoms per base, a quantity in base atoms.
  const walk = walkLevels(long ? book.asks : book.bids, { quantity: wanted });
  const scale = market.price_scale;
  return {
    average: walk.average === null ? '--' : price(priceAtScale(walk.average, scale), scale, locale),
    slippage: formatPercent(
      slippagePercent(long ? 'buy' : 'sell', walk.average, context.mark),
      locale,
    ),
    filled: quantity(displayAmount(walk.filled), market, locale),
    whole: walk.whole,
  };
}
