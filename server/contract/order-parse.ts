// Turns `/contract/open` and `/contract/close` requests into orders in the market's units, or the
// refusal a trader can act on: price off the tick, quantity off the lot, leverage that is not a
// whole number within the market's limit.
import { fromUnits } from '../../core/market/units.ts';
import type { closeContract, openContract } from '../../schemas/api/contract.schema.ts';
import type { RequestOf } from '../../schemas/endpoint.ts';
import { BusinessError } from '../http/business-error.ts';
import { decimalUnits } from '../market-kernel/order-checks.ts';
import type { NewContractOrder } from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityUnits } from './contract-markets.ts';
import type { PositionState } from './engine-state.ts';

export function priceOf(market: ContractMarket, text: string | undefined): number | null {
  if (text === undefined) return null;
  const { priceScale, rules } = market;
  return decimalUnits(
    text,
    priceScale,
    () => new BusinessError('price_off_tick', { amount: fromUnits(rules.tickSize, priceScale) }),
    () => new BusinessError('price_out_of_range'),
  );
}

export function quantityOf(market: ContractMarket, text: string): number {
  const { quantityScale, rules } = market;
  return decimalUnits(
    text,
    quantityScale,
    () =>
      new BusinessError('quantity_off_lot', { amount: fromUnits(rules.lotSize, quantityScale) }),
    () => new BusinessError('quantity_too_large'),
  );
}

/** A whole number from 1 to the market's maximum, given as a number or as digits. */
export function leverageOf(market: ContractMarket, value: number | string): number {
  const leverage =
    typeof value === 'number' ? value : /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > market.maxLeverage) {
    throw new BusinessError('leverage_invalid', { count: market.maxLeverage });
  }
  return leverage;
}

export function parseOpen(
  market: ContractMarket,
  userId: number,
  request: RequestOf<typeof openContract>,
): NewContractOrder {
  return {
    userId,
    symbol: market.symbol,
    side: request.direction === 'long' ? 'buy' : 'sell',
    type: request.type,
    price: request.type === 'limit' ? priceOf(market, request.price) : null,
    quantity: quantityOf(market, request.quantity),
    leverage: leverageOf(market, request.leverage),
    marginMode: request.margin_mode,
    reduceOnly: false,
    purpose: 'user',
    tpPrice: priceAtomsOf(market, request.tp_price),
    slPrice: priceAtomsOf(market, request.sl_price),
  };
}

/** A typed price as quote atoms per coin, on the market's tick; null when absent. */
export function priceAtomsOf(market: ContractMarket, text: string | undefined): bigint | null {
  const units = priceOf(market, text);
  return units === null ? null : priceAtoms(market, units);
}

/** A reduce-only order against `position`: the whole of it when no quantity is given. */
export function parseClose(
  market: ContractMarket,
  position: PositionState,
  request: RequestOf<typeof closeContract>,
): NewContractOrder {
  const quantity =
    request.quantity === undefined
      ? quantityUnits(market, position.quantity)
      : quantityOf(market, request.quantity);
  return {
    userId: position.userId,
    symbol: position.symbol,
    side: position.direction === 'long' ? 'sell' : 'buy',
    type: request.type,
    price: request.type === 'limit' ? priceOf(market, request.price) : null,
    quantity,
    leverage: position.leverage,
    marginMode: position.marginMode,
    reduceOnly: true,
    purpose: 'user',
  };
}
