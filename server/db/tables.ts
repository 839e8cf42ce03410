// Row types of the database, as Kysely sees them: the tables every part shares are declared here;
// each product declares its own in its folder (server/<product>/<product>-tables.ts) and adds them
// to `Database` by declaration merging, the way its ledger kinds join the ledger's.
import type { ColumnType, Generated } from 'kysely';
import type { WalletName } from '../../schemas/api/wallet.schema.ts';
import type { Language } from '../../schemas/languages.ts';
import type { ChainTables } from './chain-tables.ts';
import type { CreatedAt, Stamp } from './column-types.ts';
import type { ReserveTables } from './reserve-tables.ts';
import type {
  SecondFactor,
  SecurityTables,
  SessionId,
  WithdrawHoldReason,
} from './security-tables.ts';

export type UserRole = 'user' | 'liquidity_provider';

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
  /** `liquidity_provider` marks the market maker's account, which no one logs in to. */
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The language notices are written in: the one the account last logged in with. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** A phrase of the user's own that every mail from us carries, so a fake is told apart. */
  anti_phishing_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Withdraw only to addresses in the book. */
  withdraw_whitelist: ColumnType<boolean, boolean | undefined, boolean>;
  /** No withdrawal before this time, after a change to the account's security. */
  withdraw_hold_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  withdraw_hold_reason: ColumnType<
    WithdrawHoldReason | null,
    WithdrawHoldReason | null | undefined,
    WithdrawHoldReason | null
  >;
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
  /** What the owner names the session by when revoking it. */
  id: SessionId;
}

export type CodePurpose = 'register' | 'forget' | 'security' | 'withdraw' | 'bind_phone';

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

export type Wallet = WalletName;

export interface LedgerAccountsTable {
  /** bigserial: pg answers a string, PGlite a number. */
  id: ColumnType<string | number, never, never>;
  user_id: number | null;
  system_name: string | null;
  wallet: Wallet | null;
  asset: string;
  /** A system account's shard (a market, for fees); '' for an account kept in one row. */
  shard: ColumnType<string, string | undefined, never>;
  /** numeric(38, 8) as a decimal string. */
  available: ColumnType<string, string | undefined, string>;
  frozen: ColumnType<string, string | undefined, string>;
}

export interface LedgerPostingsTable {
  id: ColumnType<string | number, never, never>;
  kind: string;
  reference: string;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  posting_id: string | number;
  account_id: string | number;
  bucket: 'available' | 'frozen';
  amount: string;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  path: string;
  request_hash: string;
  response: unknown;
  created_at: CreatedAt;
}

export interface DepositAddressesTable {
  user_id: number;
  chain: string;
  address: string;
  derivation_index: number;
  created_at: CreatedAt;
}

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  chain: string;
  txid: string;
  address: string;
  amount: string;
  confirmations: number;
  required_confirmations: number;
  /** `dropped`: a reorganisation took it out of the chain before it was credited. */
  status: 'confirming' | 'credited' | 'dropped';
  created_at: CreatedAt;
  credited_at: Date | null;
  /** The transfer's log in its transaction (an ERC-20 transfer); -1 for a native transfer. */
  log_index: ColumnType<number, number | undefined, number>;
  /** The block a real chain's watcher saw it in (null for the simulated chain). */
  block_number: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  block_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The hot wallet's sweep that moved it off its deposit address. */
  sweep_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** `sent`: confirmed on chain (or taken by the simulated chain); `failed`: reverted, funds returned. */
export type WithdrawalStatus =
  | 'pending'
  | 'approved'
  | 'sent'
  | 'failed'
  | 'rejected'
  | 'cancelled';

export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  chain: string;
  address: string;
  amount: string;
  fee: string;
  status: WithdrawalStatus;
  reason: string | null;
  /** What confirmed it beside the trade password and the email code, when a factor was bound. */
  second_factor: ColumnType<
    SecondFactor | null,
    SecondFactor | null | undefined,
    SecondFactor | null
  >;
  /** The transaction that carries it, once the hot wallet has broadcast it. */
  txid: ColumnType<string | null, string | null | undefined, string | null>;
  confirmations: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  chain: string;
  address: string;
  remark: string;
  created_at: CreatedAt;
}

export interface OperatorActionsTable {
  id: Generated<number>;
  action: string;
  subject: string;
  detail: unknown;
  created_at: CreatedAt;
}

/** Article categories are open-ended ids; 92 holds the platform notices (docs/product.md §20). */
export interface ArticlesTable {
  id: Generated<number>;
  category_id: number;
  cover: string | null;
  published_at: ColumnType<Date, Date | undefined, Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Title and body (the Markdown subset of docs/content.md) of an article in one language. */
export interface ArticleTextsTable {
  article_id: number;
  lang: string;
  title: string;
  body: string;
}

/** The fixed documents (`about`, `msb`, `sec`) in each language they were written in. */
export interface DocumentsTable {
  key: string;
  lang: string;
  title: string;
  body: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  user_id: number;
  /** An operator's answer (true) or the user's own message (false). */
  from_operator: boolean;
  body: string;
  created_at: CreatedAt;
}

/** An uploaded image: its file is `DATA_DIR/uploads/<name>`, readable by its uploader and operators. */
export interface UploadsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  format: 'jpeg' | 'png' | 'webp';
  bytes: number;
  created_at: CreatedAt;
}

/** What a user uploaded on `day` (UTC); bytes as received, before re-encoding. */
export interface UploadQuotaTable {
  user_id: number;
  /** Written as `YYYY-MM-DD`; never read back. */
  day: ColumnType<Date, string, string>;
  uploads: number;
  bytes: number;
}

export type SubmissionStatus = 'pending' | 'verified' | 'rejected';

/** One identity verification submitted for review; `users.kyc_status` follows the newest. */
export interface IdentitySubmissionsTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  id_number: string;
  front_upload_id: number;
  back_upload_id: number;
  status: SubmissionStatus;
  reject_reason: string | null;
  created_at: CreatedAt;
  reviewed_at: Date | null;
}

/** A key for trading by program (docs/api-binance.md § "API keys"). */
/** A user data stream's key (server/binance/listen-keys.ts). */
export interface ListenKeysTable {
  listen_key: string;
  api_key_id: number;
  user_id: number;
  /** The door family it was made under: `api` (`/api/v3`) or `fapi` (`/fapi/v1`). */
  family: string;
  expires_at: Date;
  /** Set when closed by its owner (or when its API key is deleted): from then on it is refused. */
  closed_at: ColumnType<Date | null, never, Date>;
}

export interface ApiKeysTable {
  id: Generated<string | number>;
  user_id: number;
  label: string;
  /** 64 letters and digits, shown to its owner in full. */
  api_key: string;
  /** The secret sealed by server/security/api-key-cipher.ts, with the id of the key that sealed it. */
  secret_sealed: string;
  /** `read` and the scopes the trading modules declare (server/module.ts `keyScope`). */
  scopes: string[];
  /** Addresses or CIDR blocks the key may be used from; empty: anywhere. */
  ip_allowlist: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  /** Set when the owner deletes it: from then on the key is refused. */
  deleted_at: ColumnType<Date | null, never, Date>;
}

/** Every market's index, once a second (server/market/print-recorder.ts). */
export interface IndexPrintsTable {
  symbol: string;
  ts: Stamp;
  price: string;
  sources: string[];
  stale: boolean;
}

export interface Database extends SecurityTables, ReserveTables, ChainTables {
  uploads: UploadsTable;
  upload_quota: UploadQuotaTable;
  identity_submissions: IdentitySubmissionsTable;
  articles: ArticlesTable;
  article_texts: ArticleTextsTable;
  documents: DocumentsTable;
  support_messages: SupportMessagesTable;
  index_prints: IndexPrintsTable;
  candles: CandlesTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  address_book: AddressBookTable;
  operator_actions: OperatorActionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_postings: LedgerPostingsTable;
  ledger_entries: LedgerEntriesTable;
  idempotency_keys: IdempotencyKeysTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  listen_keys: ListenKeysTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
}
