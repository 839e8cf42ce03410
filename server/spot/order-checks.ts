// Turns a `/spot/order` request into an order in the market's units, or the refusal a trader can
// act on. The rules are the ones the app's preview and the engine apply (core/spot/order-form.ts
// `ruleBreak`); checking first means a refused order freezes nothing.
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { ruleBreak } from '../../core/spot/order-form.ts';
import type { placeSpotOrder } from '../../schemas/api/spot.schema.ts';
import type { RequestOf } from '../../schemas/endpoint.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RejectReason } from '../matching/events.ts';
import type { NewOrder } from './settlement.ts';
import { type SpotMarket, trimZeros } from './spot-markets.ts';

type OrderRequest = RequestOf<typeof placeSpotOrder>;

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

export function parseOrder(market: SpotMarket, userId: number, request: OrderRequest): NewOrder {
  const { priceScale, quantityScale, rules } = market;
  const offTick = () =>
    new BusinessError('price_off_tick', { amount: fromUnits(rules.tickSize, priceScale) });
  const offLot = () =>
    new BusinessError('quantity_off_lot', { amount: fromUnits(rules.lotSize, quantityScale) });
  const price = () =>
    decimalUnits(
      request.price ?? '',
      priceScale,
      offTick,
      () => new BusinessError('price_out_of_range'),
    );
  const quantity = () =>
    decimalUnits(
      request.quantity ?? '',
      quantityScale,
      offLot,
      () => new BusinessError('quantity_too_large'),
    );
  let order: NewOrder;
  if (request.type === 'limit') {
    order = { userId, type: 'limit', side: request.side, price: price(), quantity: quantity() };
  } else if (request.side === 'buy') {
    const invalid = () => new BusinessError('field_invalid', { field: 'turnover' });
    const turnover = decimalUnits(
      request.turnover ?? '',
      priceScale + quantityScale,
      invalid,
      invalid,
    );
    order = { userId, type: 'market', side: 'buy', turnover };
  } else {
    order = { userId, type: 'market', side: 'sell', quantity: quantity() };
  }
  const reason = ruleBreak(rules, order);
  if (reason !== null) throw refusal(market, reason);
  return order;
}

/** The refusal for an engine rule, named the way the trader sees the market. */
export function refusal(market: SpotMarket, reason: RejectReason): BusinessError {
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
export function minNotionalText(market: SpotMarket): string {
  const text = fromUnits(market.rules.minNotional, market.priceScale + market.quantityScale);
  return `${trimZeros(text)} ${market.quote}`;
}
