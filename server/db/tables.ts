// Row types of the database, as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type VerificationStatus = 'unverified' | 'pending' | 'verified' | 'rejected';

export interface UsersTable {
  /** The UID shown to the user: eight random digits. */
  id: number;
  account: string;
  email: string | null;
  phone: string | null;
  password_hash: string;
  trade_password_hash: string | null;
  invite_code: string;
  inviter_id: number | null;
  avatar: string;
  kyc_status: ColumnType<VerificationStatus, VerificationStatus | undefined, VerificationStatus>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SessionsTable {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string;
  user_agent: string;
}

export type CodePurpose = 'register' | 'forget' | 'security';

export interface VerificationCodesTable {
  id: Generated<number>;
  destination: string;
  purpose: CodePurpose;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  consumed_at: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  hits: number;
}

export interface CandlesTable {
  symbol: string;
  period: string;
  /** ms since the epoch; PGlite answers a number, pg a string. */
  open_time: ColumnType<number | string, number, number>;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote_volume: string;
}

export interface Database {
  candles: CandlesTable;
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
}
