// Turns a `/spot/order` request into an order in the market's units, or the refusal a trader can
// act on. The rules are the ones the app's preview and the engine apply (core/spot/order-form.ts
// `ruleBreak`), read and refused by the book markets' checks (server/market-kernel/order-checks.ts).
import { fromUnits } from '../../core/market/units.ts';
import { ruleBreak } from '../../core/spot/order-form.ts';
import type { placeSpotOrder } from '../../schemas/api/spot.schema.ts';
import type { RequestOf } from '../../schemas/endpoint.ts';
import { BusinessError } from '../http/business-error.ts';
import { decimalUnits, refusal } from '../market-kernel/order-checks.ts';
import type { NewOrder } from './settlement.ts';
import type { SpotMarket } from './spot-markets.ts';

type OrderRequest = RequestOf<typeof placeSpotOrder>;

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
