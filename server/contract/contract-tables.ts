// Row types of the perpetual contracts' tables, declared next to the code that writes them;
// they join the database's type (`Database`, server/db/tables.ts) by declaration
// merging, so the shared file names no product.
import type { Bigserial, Stamp } from '../db/column-types.ts';

export interface ContractPositionsTable {
  id: Bigserial;
  user_id: number;
  symbol: string;
  direction: 'long' | 'short';
  margin_mode: 'isolated' | 'cross';
  leverage: number;
  quantity: string;
  /** Σ quantity × price of what is held (exact): entry price = cost ÷ quantity. */
  cost: string;
  margin: string;
  open_fee: string;
  closing_fee: string;
  realized_pnl: string;
  funding_fee: string;
  closed_quantity: string;
  closed_value: string;
  tp_price: string | null;
  sl_price: string | null;
  /** What a take-profit or stop-loss closes; null: the whole position. */
  tpsl_quantity: string | null;
  status: 'open' | 'closed';
  close_reason: 'user' | 'tp' | 'sl' | 'liquidation' | 'adl' | null;
  opened_at: Stamp;
  closed_at: Stamp | null;
  updated_at: Stamp;
}

export interface ContractOrdersTable {
  id: Bigserial;
  user_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  purpose: 'user' | 'tp' | 'sl' | 'liquidation' | 'adl';
  price: string;
  quantity: string;
  leverage: number;
  margin_mode: 'isolated' | 'cross';
  reduce_only: boolean;
  tp_price: string | null;
  sl_price: string | null;
  filled_quantity: string;
  filled_value: string;
  fee: string;
  realized_pnl: string;
  /** What the order holds frozen in the contract wallet now. */
  frozen: string;
  status: 'open' | 'partially_filled' | 'filled' | 'cancelled';
  cancel_reason: 'user' | 'self_trade' | 'unfilled' | 'reduce_only' | 'liquidation' | null;
  created_at: Stamp;
  updated_at: Stamp;
}

export interface ContractFillsTable {
  id: Bigserial;
  symbol: string;
  price: string;
  quantity: string;
  value: string;
  taker_side: 'buy' | 'sell';
  taker_order_id: string | number;
  maker_order_id: string | number | null;
  taker_user_id: number;
  maker_user_id: number;
  taker_fee: string;
  maker_fee: string;
  taker_pnl: string;
  maker_pnl: string;
  created_at: Stamp;
}

/** One recorded mark price a second per market, with its inputs (mark-recorder.ts). */
export interface ContractMarksTable {
  symbol: string;
  ts: Stamp;
  index_price: string | null;
  mark_price: string | null;
  last_price: string | null;
  basis: string;
  funding_rate: string;
  stale: boolean;
  /** The funding interval the index was carried over; null on rows recorded before it was kept. */
  funding_interval_ms: number | null;
  /** The sample of mid − index taken that second, if one was. */
  basis_sample: string | null;
}

export interface ContractLiquidationsTable {
  id: Bigserial;
  position_id: string | number;
  user_id: number;
  symbol: string;
  margin_mode: 'isolated' | 'cross';
  direction: 'long' | 'short';
  quantity: string;
  entry_price: string;
  mark_price: string;
  mark_at: Stamp;
  backing: string;
  maintenance_margin: string;
  mmr: string;
  liquidation_price: string | null;
  bankruptcy_price: string;
  filled_quantity: string;
  adl_quantity: string;
  insurance_fee: string;
  shortfall: string;
  created_at: Stamp;
}

/** A user's leverage and margin type for a market, chosen through the door (binance-terms.ts). */
export interface ContractChosenTermsTable {
  user_id: number;
  symbol: string;
  leverage: number | null;
  margin_mode: 'isolated' | 'cross' | null;
  updated_at: Stamp;
}

export interface ContractTables {
  contract_positions: ContractPositionsTable;
  contract_orders: ContractOrdersTable;
  contract_fills: ContractFillsTable;
  contract_marks: ContractMarksTable;
  contract_liquidations: ContractLiquidationsTable;
  contract_chosen_terms: ContractChosenTermsTable;
}

declare module '../db/tables.ts' {
  interface Database extends ContractTables {}
}
