// Perpetual markets, positions, orders, fills and liquidations as the server answers them, for the
// client's tests: ETHUSDT with the default brackets, fees and steps of the embedded server.

import type { z } from 'zod';
import { defaultTiers } from '../../core/contract/brackets.ts';
import { displayAmount } from '../../core/money.ts';
import type {
  ContractMarket,
  ContractOrder,
  ContractPosition,
} from '../../schemas/api/contract.schema.ts';
import type {
  contractFillSchema,
  contractLiquidationSchema,
} from '../../schemas/api/contract-records.schema.ts';

export const ethMarket: ContractMarket = {
  symbol: 'ETHUSDT',
  base: 'ETH',
  quote: 'USDT',
  price_scale: 2,
  quantity_scale: 4,
  tick_size: '0.01',
  lot_size: '0.0001',
  min_notional: '5',
  max_price: '340000.00',
  price_band: {
    bid_multiplier_up: '1.05',
    bid_multiplier_down: null,
    ask_multiplier_up: null,
    ask_multiplier_down: '0.95',
  },
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

/** A fill of the user's: as maker, it sold 0.1 ETH at 3,100 and closed a long opened at 3,000. */
export function contractFill(
  id: number,
  overrides: Partial<z.output<typeof contractFillSchema>> = {},
): z.output<typeof contractFillSchema> {
  return {
    id,
    symbol: 'ETHUSDT',
    order_id: 11,
    side: 'sell',
    role: 'maker',
    price: '3100.00',
    quantity: '0.1',
    value: '310',
    fee: '0.062',
    realized_pnl: '10',
    created_at: '2025-01-01T01:00:00.000Z',
    ...overrides,
  };
}

/**
 * The liquidation of `position(id)` (0.1 ETH long at 3,000, 30 USDT isolated) at a mark of
 * 2,710.80: 30 − 28.92 = 1.08 of margin balance against 0.1 × 2,710.80 × 0.4 % = 1.08432 of
 * maintenance margin. Bankrupt at 2,700.00, where the 30 of margin is gone.
 */
export function liquidation(
  positionId: number,
  overrides: Partial<z.output<typeof contractLiquidationSchema>> = {},
): z.output<typeof contractLiquidationSchema> {
  return {
    position_id: positionId,
    symbol: 'ETHUSDT',
    direction: 'long',
    margin_mode: 'isolated',
    quantity: '0.1',
    entry_price: '3000.00',
    mark_price: '2710.80',
    mark_at: '2025-01-01T02:00:00.000Z',
    backing: '30',
    maintenance_margin: '1.08432',
    maintenance_rate: '0.004',
    liquidation_price: '2710.85',
    bankruptcy_price: '2700.00',
    filled_quantity: '0.06',
    adl_quantity: '0.04',
    insurance_fee: '0.6',
    created_at: '2025-01-01T02:00:01.000Z',
    ...overrides,
  };
}
