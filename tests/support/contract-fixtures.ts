// Perpetual markets, positions and orders as the server answers them, for the client's tests:
// ETHUSDT with the default brackets, fees and steps of the embedded server.
import { defaultTiers } from '../../core/contract/brackets.ts';
import { displayAmount } from '../../core/money.ts';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';

export const ethMarket: ContractMarket = {
  symbol: 'ETHUSDT',
  base: 'ETH',
  quote: 'USDT',
  price_scale: 2,
  quantity_scale: 4,
  tick_size: '0.01',
  lot_size: '0.0001',
  min_notional: '5',
  max_leverage: 125,
  maker_fee: '0.0002',
  taker_fee: '0.0005',
  brackets: defaultTiers.map((tier) => ({
    notional_cap: displayAmount(tier.notionalCap),
    max_leverage: tier.maxLeverage,
    maintenance_rate: displayAmount(BigInt(tier.mmrPpm) * 100n),
    // The client works its maintenance amounts out again from the caps and rates.
    maintenance_amount: '0',
  })),
  index_price: '3000.00',
  mark_price: '3000.00',
  funding_rate: '0.0001',
  next_funding_time: '2025-01-01T08:00:00.000Z',
};

export function position(id: number, overrides: Partial<ContractPosition> = {}): ContractPosition {
  return {
    id,
    symbol: 'ETHUSDT',
    direction: 'long',
    leverage: 10,
    margin_mode: 'isolated',
    quantity: '0.1',
    entry_price: '3000.00',
    mark_price: '3000.00',
    margin: '30',
    unrealized_pnl: '0',
    roe: '0',
    margin_ratio: '0.0133',
    liquidation_price: '2710.85',
    tp_price: null,
    sl_price: null,
    tpsl_quantity: null,
    open_fee: '0.15',
    realized_pnl: '0',
    funding_fee: '0',
    opened_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function contractOrder(
  id: number,
  status: ContractOrder['status'],
  overrides: Partial<ContractOrder> = {},
): ContractOrder {
  return {
    id,
    symbol: 'ETHUSDT',
    side: 'buy',
    type: 'limit',
    purpose: 'user',
    price: '2900.00',
    quantity: '0.1',
    leverage: 10,
    margin_mode: 'isolated',
    reduce_only: false,
    filled_quantity: status === 'filled' ? '0.1' : '0',
    avg_price: status === 'filled' ? '2900.00' : null,
    fee: '0',
    realized_pnl: '0',
    status,
    cancel_reason: status === 'cancelled' ? 'user' : null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A `mark.<SYMBOL>` frame's data. */
export function markData(mark: string) {
  return {
    mark_price: mark,
    index_price: mark,
    stale: false,
    funding_rate: '0.0001',
    next_funding_time: '2025-01-01T08:00:00.000Z',
  };
}
