// The wallet side of the facade (docs/product.md §17, the assets pages). Amounts to show arrive
// formatted for the locale; the ones a form builds on (available, fee, minimum) arrive as exact
// decimal strings.
import type { z } from 'zod/mini';
import type {
  chainSchema,
  recordSchema,
  WalletName,
  withdrawalStatusSchema,
} from '../../schemas/api/wallet.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';
import type { PasskeyAssertion, PasskeyChallenge } from '../passkeys/types.ts';
import type { SmallBalanceHandlers } from './small-balances.ts';
import type { TodayView } from './today.ts';

export type { SmallBalanceRow, SmallBalancesView } from './small-balances.ts';
export type { TodayView };

export type Chain = z.output<typeof chainSchema>;
export type WithdrawalStatus = z.output<typeof withdrawalStatusSchema>;
export type RecordType = z.output<typeof recordSchema>['type'];
export type RecordLabel = z.output<typeof recordSchema>['label'];
export type { WalletName };

export interface BalanceRow {
  wallet: WalletName;
  asset: string;
  /** Exact decimal: what "max" and "all" start from. */
  available: string;
  /** Available and frozen together, rounded down: the holding `valueShown` is the worth of. */
  heldShown: string;
  availableShown: string;
  frozenShown: string;
  /** Worth in USDT of the whole holding, formatted; `--` while no price is known. */
  valueShown: string;
  /** Valued at its pre-sale (subscription) price, no market quoting it yet. */
  presale: boolean;
}

export interface BalancesView {
  /** Everything in USDT, formatted. */
  total: string;
  wallets: Readonly<Record<WalletName, string>>;
  rows: readonly BalanceRow[];
}

export interface ChainView {
  chain: Chain;
  deposit: boolean;
  withdraw: boolean;
  /** Exact decimals, for the form's checks; `…Shown` for display. */
  fee: string;
  feeShown: string;
  minimum: string;
  minimumShown: string;
  /**
   * The asset's display decimals (USDT 2, a base its lot's), for the amounts the form works out
   * as it is typed (received, deducted); null while no market tells them.
   */
  amountDecimals: number | null;
  confirmations: number;
}

export interface AssetView {
  asset: string;
  chains: readonly ChainView[];
}

export interface DepositAddressView {
  asset: string;
  chain: Chain;
  address: string;
}

export interface DepositRow {
  id: number;
  asset: string;
  chain: Chain;
  txid: string;
  amountShown: string;
  status: 'confirming' | 'credited' | 'dropped';
  confirmations: number;
  required: number;
  time: string;
  /** The transaction's page on a block explorer (a real chain's, when one is configured). */
  explorerUrl: string | null;
}

/** The deposit page's live part: the asset's balance and its latest deposits on the chain. */
export interface DepositActivityView {
  /** The funding account's available balance of the asset, formatted; null until known. */
  availableShown: string | null;
  /** The newest deposits of the asset on the chain, each as it now stands. */
  rows: readonly DepositRow[];
  /** Whether the deposits were read: before, an empty list says nothing. */
  loaded: boolean;
}

export interface WithdrawalRow {
  id: number;
  asset: string;
  chain: Chain;
  address: string;
  amountShown: string;
  feeShown: string;
  status: WithdrawalStatus;
  /** Why an operator rejected it, or why it failed on chain. */
  reason: string | null;
  time: string;
  /** The transaction that carries it, once broadcast. */
  txid: string | null;
  /** Its transaction's confirmations so far (0 before it is in a block). */
  confirmations: number;
  /** The transaction's page on a block explorer, when one is configured. */
  explorerUrl: string | null;
  /** When it last changed (ISO): of two copies of a row, the later one stands. */
  updatedAt: string;
}

export interface AddressRow {
  id: number;
  asset: string;
  chain: Chain;
  address: string;
  remark: string;
}

/** One line of a movement: what it did to one asset of the account, signed and formatted. */
export interface RecordAmount {
  asset: string;
  /** Signed and formatted at the asset's precision (`+100.00`, `-5.50`). */
  shown: string;
  /** Money in (or nothing), rather than out. */
  up: boolean;
}

/** The fill a trade record settled, formatted: quantity in base, price and value in quote. */
export interface RecordTrade {
  side: 'buy' | 'sell';
  /** `BTC/USDT`, as the screen writes a pair. */
  pair: string;
  base: string;
  quote: string;
  quantityShown: string;
  priceShown: string;
  valueShown: string;
  feeShown: string;
  feeAsset: string;
}

export interface RecordRow {
  /** Unique in the list: the movement's id (a fill's two lines are one record). */
  key: string;
  id: number;
  type: RecordType;
  /** What the entry was, finer than its type: its words are `wallet.records.labels.<label>`. */
  label: RecordLabel;
  wallet: WalletName;
  /** For a transfer: the wallet the money reached (`wallet` is the one it left). */
  toWallet: WalletName | null;
  /** Every asset the movement moved in this account, in the server's order. */
  amounts: readonly RecordAmount[];
  /** The spot fill it settled; null for every other movement. */
  trade: RecordTrade | null;
  /** The internal reference: for support, not for the main line. */
  reference: string;
  time: string;
}

export interface TransferDone {
  from: WalletName;
  to: WalletName;
  asset: string;
  amountShown: string;
}

/** The second step of a withdrawal's confirmation, when an authenticator or a passkey is bound. */
export type WithdrawSecondFactor =
  | { kind: 'totp'; code: string }
  | ({ kind: 'passkey' } & PasskeyAssertion);

export interface WithdrawForm {
  asset: string;
  chain: Chain;
  address: string;
  amount: string;
  trade_password: string;
  /** The code sent by `sendWithdrawCode`; the server refuses a withdrawal without it. */
  email_code?: string;
  second?: WithdrawSecondFactor;
}

/** What a withdrawal must be confirmed with, from the security center's overview. */
export interface WithdrawSafeguards {
  /** An authenticator app is bound: its code (or a passkey) confirms too. */
  authenticator: boolean;
  /** How many passkeys the user has; any one of them confirms. */
  passkeys: number;
  /** Withdrawals are paused after a security change until this time, formatted; else null. */
  holdUntil: string | null;
}

export interface WalletHandlers extends SmallBalanceHandlers {
  walletBalances(): Promise<Outcome<BalancesView>>;
  /** The signed-in home page's total worth and today's PnL. */
  walletToday(): Promise<Outcome<TodayView>>;
  /** The balances last answered to the signed-in user (kept in the log), shown while asked again. */
  knownWalletBalances(): BalancesView | null;
  /** The assets and their chains: switches, fee, minimum, confirmations. */
  walletAssets(): Promise<Outcome<readonly AssetView[]>>;
  depositAddress(asset: string, chain: Chain): Promise<Outcome<DepositAddressView>>;
  deposits(page: number): Promise<Outcome<ListPage<DepositRow>>>;
  /**
   * Money-moving calls (withdraw, cancel, transfer) carry one idempotency key per intent: a retry
   * of the same intent after a lost answer reuses it, so the server runs it at most once. Amounts
   * are decimal strings as typed.
   */
  withdraw(form: WithdrawForm): Promise<Outcome<WithdrawalRow>>;
  withdrawSafeguards(): Promise<Outcome<WithdrawSafeguards>>;
  /** A code to the user's email for a withdrawal (`/security/sendCode`, purpose `withdraw`). */
  sendWithdrawCode(): Promise<Outcome<{ resend_in: number }>>;
  /** Options to sign a withdrawal with one of the user's passkeys. */
  passkeyWithdrawOptions(): Promise<Outcome<PasskeyChallenge>>;
  cancelWithdrawal(id: number): Promise<Outcome<WithdrawalRow>>;
  withdrawals(page: number): Promise<Outcome<ListPage<WithdrawalRow>>>;
  addressBook(): Promise<Outcome<readonly AddressRow[]>>;
  addAddress(form: {
    asset: string;
    chain: Chain;
    address: string;
    remark: string;
  }): Promise<Outcome<AddressRow>>;
  deleteAddress(id: number): Promise<Outcome<null>>;
  walletRecords(type: RecordType | 'all', page: number): Promise<Outcome<ListPage<RecordRow>>>;
  /** `amount` is a decimal string or `all`. */
  transfer(form: {
    from: WalletName;
    to: WalletName;
    asset: string;
    amount: string;
  }): Promise<Outcome<TransferDone>>;
}
