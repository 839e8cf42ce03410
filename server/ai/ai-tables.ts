// Row types of the AI product's tables, declared next to the code that writes them;
// they join the database's type (`Database`, server/db/tables.ts) by declaration
// merging, so the shared file names no product.
import type { Generated } from 'kysely';
import type { Bigserial, Stamp } from '../db/column-types.ts';

export interface AiProductsTable {
  id: Generated<number>;
  name: string;
  asset: string;
  days: number;
  apr_ppm: number;
  min: string;
  max: string;
  quota: string;
  sold: Generated<string>;
  funded: Generated<string>;
  promised: Generated<string>;
  created_at: Stamp;
}

export interface AiOrdersTable {
  id: Bigserial;
  product_id: number;
  user_id: number;
  principal: string;
  bought_at: Stamp;
  starts_at: Stamp;
  withdrawn_at: Stamp | null;
  withdrawn_days: number | null;
  withdrawn: string | null;
}

export interface AiAccrualsTable {
  product_id: number;
  starts_at: Stamp;
  day: number;
  paid_at: Stamp;
  orders: number;
  amount: string;
}

/** A group's accrual under way, paid a slice of owners at a time. */
export interface AiAccrualRoundsTable {
  product_id: number;
  starts_at: Stamp;
  from_day: number;
  to_day: number;
  through_user: number;
  orders: number;
  amount: string;
}

export interface AiTables {
  ai_products: AiProductsTable;
  ai_orders: AiOrdersTable;
  ai_accruals: AiAccrualsTable;
  ai_accrual_rounds: AiAccrualRoundsTable;
}

declare module '../db/tables.ts' {
  interface Database extends AiTables {}
}
