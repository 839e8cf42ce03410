// The checks every product's order meets on a book market, in the refusals a trader can act on: a
// typed decimal read in the market's units (no finer than its step, within the exact range), and
// the engine's rule an order broke named the way the trader sees the market. Checking first means
// a refused order freezes nothing.
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RejectReason } from '../matching/events.ts';
import { type BookMarket, trimZeros } from './book-market.ts';

function decimals(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** A decimal as units of `scale`; refuses finer steps and values beyond the exact range. */
export function decimalUnits(
  text: string,
  scale: number,
  offStep: () => BusinessError,
  tooLarge: () => BusinessError,
): number {
  if (decimals(text.replace(/0+$/, '')) > scale) throw offStep();
  const value = toUnits(text, scale, true);
  if (value === null) throw tooLarge();
  return value;
}

/** The refusal for an engine rule, named the way the trader sees the market. */
export function refusal(market: BookMarket, reason: RejectReason): BusinessError {
  const { priceScale, quantityScale, rules } = market;
  switch (reason) {
    case 'price_off_tick':
      return new BusinessError('price_off_tick', { amount: fromUnits(rules.tickSize, priceScale) });
    case 'quantity_off_lot':
      return new BusinessError('quantity_off_lot', {
        amount: fromUnits(rules.lotSize, quantityScale),
      });
    case 'price_too_high':
    case 'invalid_price':
      return new BusinessError('price_out_of_range');
    case 'quantity_too_large':
      return new BusinessError('quantity_too_large');
    case 'invalid_quantity':
      return new BusinessError('field_invalid', { field: 'quantity' });
    case 'invalid_amount':
    case 'amount_too_large':
      return new BusinessError('field_invalid', { field: 'turnover' });
    case 'below_min_notional':
      return new BusinessError('below_min_notional', { amount: minNotionalText(market) });
    case 'unknown_order':
      return new BusinessError('order_not_open');
    case 'not_owner':
      return new BusinessError('order_not_found');
    default:
      return new BusinessError('invalid_request');
  }
}

/** `5 USDT`: the minimum order value as a trader reads it. */
export function minNotionalText(market: BookMarket): string {
  const text = fromUnits(market.rules.minNotional, market.priceScale + market.quantityScale);
  return `${trimZeros(text)} ${market.quote}`;
}
