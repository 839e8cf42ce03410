// Row types of spot's tables (migration 0005), declared next to the code that writes them;
// they join the database's type (`Database`, server/db/tables.ts) by declaration
// merging, so the shared file names no product.
import type { ColumnType } from 'kysely';
import type { SpotCancelReason, SpotOrderStatus } from '../../schemas/api/spot.schema.ts';
import type { CreatedAt } from '../db/column-types.ts';

export interface SpotOrdersTable {
  /** bigserial: the engine's order id, and time priority within a price. */
  id: ColumnType<string | number, never, never>;
  user_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  quantity: string | null;
  turnover: string | null;
  filled_quantity: ColumnType<string, string | undefined, string>;
  filled_quote: ColumnType<string, string | undefined, string>;
  fee: ColumnType<string, string | undefined, string>;
  fee_asset: string;
  /** What the order holds frozen now, in `frozen_asset` (quote for a buy, base for a sell). */
  frozen_asset: string;
  frozen: string;
  status: SpotOrderStatus;
  cancel_reason: SpotCancelReason | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SpotTradesTable {
  id: ColumnType<string | number, never, never>;
  symbol: string;
  price: string;
  quantity: string;
  quote: string;
  taker_side: 'buy' | 'sell';
  taker_order_id: string | number;
  maker_order_id: string | number;
  taker_fee: string;
  maker_fee: string;
  created_at: CreatedAt;
}

export interface SpotTables {
  spot_orders: SpotOrdersTable;
  spot_trades: SpotTradesTable;
}

declare module '../db/tables.ts' {
  interface Database extends SpotTables {}
}
