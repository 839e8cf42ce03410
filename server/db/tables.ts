// Row types of the database, as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';
import type { SpotCancelReason, SpotOrderStatus } from '../../schemas/api/spot.schema.ts';
import type { WalletName } from '../../schemas/api/wallet.schema.ts';
import type { Language } from '../../schemas/languages.ts';
import type { ChainTables } from './chain-tables.ts';
import type { ReserveTables } from './reserve-tables.ts';
import type {
  SecondFactor,
  SecurityTables,
  SessionId,
  WithdrawHoldReason,
} from './security-tables.ts';

export type { SpotOrderStatus };

type CreatedAt = ColumnType<Date, Date | undefined, never>;

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

/** Amounts are decimal strings of eight places; ids are bigserial (read as text or number). */
type Bigserial = ColumnType<string | number, string | number, never>;
type Stamp = ColumnType<Date, Date | string, Date | string>;

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

/** Every market's index, once a second (server/market/print-recorder.ts). */
export interface IndexPrintsTable {
  symbol: string;
  ts: Stamp;
  price: string;
  sources: string[];
  stale: boolean;
}

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

export interface SubscriptionProjectsTable {
  id: Generated<number>;
  name: string;
  asset: string;
  price: string;
  supply: string;
  cap: string;
  start_at: Stamp;
  end_at: Stamp;
  distribute_at: Stamp;
  created_at: Stamp;
  salt: string;
  allocated_at: Stamp | null;
  distributed_through: string | null;
  distributed_at: Stamp | null;
}

export interface SubscriptionCommitmentsTable {
  project_id: number;
  user_id: number;
  account: string;
  committed: string;
  committed_at: Stamp;
}

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

export interface OptionLossLimitsTable {
  user_id: number;
  daily_limit: string;
  raise_to: string | null;
  raise_at: Stamp | null;
  updated_at: Stamp;
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

export interface Database extends SecurityTables, ReserveTables, ChainTables {
  uploads: UploadsTable;
  upload_quota: UploadQuotaTable;
  identity_submissions: IdentitySubmissionsTable;
  articles: ArticlesTable;
  article_texts: ArticleTextsTable;
  documents: DocumentsTable;
  support_messages: SupportMessagesTable;
  spot_orders: SpotOrdersTable;
  spot_trades: SpotTradesTable;
  contract_positions: ContractPositionsTable;
  contract_orders: ContractOrdersTable;
  contract_fills: ContractFillsTable;
  contract_marks: ContractMarksTable;
  contract_liquidations: ContractLiquidationsTable;
  index_prints: IndexPrintsTable;
  option_contracts: OptionContractsTable;
  option_settlements: OptionSettlementsTable;
  option_loss_limits: OptionLossLimitsTable;
  subscription_projects: SubscriptionProjectsTable;
  subscription_commitments: SubscriptionCommitmentsTable;
  ai_products: AiProductsTable;
  ai_orders: AiOrdersTable;
  ai_accruals: AiAccrualsTable;
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
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
}
