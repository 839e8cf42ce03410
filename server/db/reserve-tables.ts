// Row types of the proof of reserves' tables (migrations 0019 and 0021), kept apart from `tables.ts`.
import type { ColumnType, Generated } from 'kysely';

export interface ReserveSaltsTable {
  user_id: number;
  /** 128 random bits in hex: what keeps the user's leaf from naming them. */
  salt: string;
}

export interface ReserveSnapshotsTable {
  id: Generated<number>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** The published root (proof-json's `ReservesRootJson`); pg parses jsonb, PGlite may not. */
  root: ColumnType<unknown, string, never>;
  /**
   * The on-chain holdings published with it (server/chain/holdings-json.ts, migration 0021); null
   * when no real chain is configured.
   */
  holdings: ColumnType<unknown, string | null | undefined, never>;
}

export interface ReserveLeavesTable {
  snapshot_id: number;
  user_id: number;
  position: number;
  balances: ColumnType<unknown, string, never>;
}

export interface ReserveTables {
  reserve_salts: ReserveSaltsTable;
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_leaves: ReserveLeavesTable;
}
