// Row types of the second contract's tables, declared next to the code that writes them;
// they join the database's type (`Database`, server/db/tables.ts) by declaration
// merging, so the shared file names no product.
import type { Bigserial, Stamp } from '../db/column-types.ts';

export interface OptionContractsTable {
  id: Bigserial;
  user_id: number;
  symbol: string;
  direction: 'up' | 'down';
  unit: 'minute' | 'hour' | 'day';
  length: number;
  stake: string;
  rate_ppm: number;
  accepted_at: Stamp;
  open_time: Stamp;
  expiry_time: Stamp;
}

export interface OptionSettlementsTable {
  id: Bigserial;
  symbol: string;
  open_time: Stamp;
  expiry_time: Stamp;
  open_price: string | null;
  open_print_at: Stamp | null;
  settle_price: string | null;
  settle_print_at: Stamp | null;
  up_outcome: 'win' | 'lose' | 'refund' | 'void';
  contracts: number;
  settled_at: Stamp;
}

/** A group being settled in slices: how far its slices have come (0025). */
export interface OptionSettlementRoundsTable {
  symbol: string;
  open_time: Stamp;
  expiry_time: Stamp;
  through_contract: string;
  settled: number;
  paid: string;
}

export interface OptionLossLimitsTable {
  user_id: number;
  daily_limit: string;
  raise_to: string | null;
  raise_at: Stamp | null;
  updated_at: Stamp;
}

export interface OptionTables {
  option_contracts: OptionContractsTable;
  option_settlements: OptionSettlementsTable;
  option_settlement_rounds: OptionSettlementRoundsTable;
  option_loss_limits: OptionLossLimitsTable;
}

declare module '../db/tables.ts' {
  interface Database extends OptionTables {}
}
