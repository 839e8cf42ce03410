// The spot page's Deals tab in the worker: the user's fills asked for and their answer logged (the
// spotFills projection reads it), each formatted for the locale as a row.
import { formatAmount, formatMarketPrice, type Precisions } from '../../core/figures.ts';
import { type SpotFill, spotFills } from '../../schemas/api/spot-fills.schema.ts';
import type { DomainContext } from '../kernel/context.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { SpotFillRow, SpotHandlers } from './types.ts';
import { assetsOf } from './views.ts';

/** Fills per page of the Deals tab. */
const fillsPageSize = 20;

export function fillRow(
  fill: SpotFill,
  base: string,
  quote: string,
  precisions: Precisions,
  locale: string,
): SpotFillRow {
  const amount = (value: string, asset: string) => formatAmount(value, asset, precisions, locale);
  return {
    id: fill.id,
    symbol: fill.symbol,
    base,
    quote,
    side: fill.side,
    role: fill.role,
    priceShown: formatMarketPrice(fill.price, fill.symbol, precisions, locale),
    quantityShown: amount(fill.quantity, base),
    quoteShown: amount(fill.quote, quote),
    feeShown: amount(fill.fee, fill.fee_asset),
    feeAsset: fill.fee_asset,
    time: formatTimestamp(fill.created_at, locale, 'seconds'),
  };
}

export function createFillHandlers(context: DomainContext): Pick<SpotHandlers, 'spotFills'> {
  return {
    async spotFills(page, symbol) {
      const where = { page, ...(symbol ? { symbol } : {}) };
      context.record({ source: 'intent', type: 'spot-fills-requested', payload: where });
      const outcome = await context.call(spotFills, { ...where, size: fillsPageSize });
      if (outcome.ok) context.record({ source: 'api', type: 'spot-fills', payload: outcome.data });
      const view = context.view();
      const locale = context.locale();
      return mapOutcome(outcome, (data) =>
        pageOf(data, (fill) => {
          const { base, quote } = assetsOf(fill.symbol, view.spotRules[fill.symbol]);
          return fillRow(fill, base, quote, view.precisions, locale);
        }),
      );
    },
  };
}
