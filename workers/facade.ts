// The one front door of the worker: its typed handlers, split by domain, and what it pushes to the
// UI. `src/` imports this file as types only.
import type { z } from 'zod';
import type { ClientView } from '../core/projections/client-view.ts';
import type { ConnectionView } from '../core/projections/connection.ts';
import type { SessionView } from '../core/projections/session.ts';
import type { sessionSchema } from '../schemas/api/account.schema.ts';
import type { KlinePeriod } from '../schemas/api/market.schema.ts';
import type { userInfoSchema } from '../schemas/api/security.schema.ts';
import type {
  chainSchema,
  recordSchema,
  WalletName,
  withdrawalStatusSchema,
} from '../schemas/api/wallet.schema.ts';
import type { Language } from '../schemas/languages.ts';
import type { AccountHandlers } from './account-types.ts';
import type { ApiFailure } from './api-client.ts';
import type { ContentHandlers, SupportConversationView } from './content-types.ts';
import type { IdentityHandlers } from './identity-types.ts';
import type { SpotHandlers, SpotView } from './spot-types.ts';

export type * from './account-types.ts';
export type * from './content-types.ts';
export type * from './identity-types.ts';
export type * from './spot-types.ts';

/** A call's outcome as the UI receives it: no exceptions cross the worker boundary. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; failure: ApiFailure };

export type Session = z.output<typeof sessionSchema>;
export type UserInfo = z.output<typeof userInfoSchema>;

export interface SessionHandlers {
  /** The UI thread owns localStorage; it hands the token and language over, and again on change. */
  setCredentials(credentials: { token: string | null; language: Language }): void;
  sendEmailCode(
    email: string,
    scene: 'register' | 'forget',
  ): Promise<Outcome<{ resend_in: number }>>;
  register(form: {
    email: string;
    password: string;
    repassword: string;
    code: string;
    invite_code?: string;
  }): Promise<Outcome<Session>>;
  login(account: string, password: string): Promise<Outcome<Session>>;
  forget(form: {
    account: string;
    code: string;
    password: string;
    repassword: string;
  }): Promise<Outcome<null>>;
  logout(): Promise<Outcome<null>>;
  userInfo(): Promise<Outcome<UserInfo>>;
}

/** The market lists of spec §2: home's featured markets, spot, futures and option. */
export type MarketSection = 'home' | 'spot' | 'contract' | 'option';

export interface MarketHandlers {
  subscribe(channels: string[]): void;
  unsubscribe(channels: string[]): void;
  /**
   * Fetches a section's markets (seeding the `market` view) and keeps their tickers live over the
   * socket; called again by pull-down refresh.
   */
  loadMarkets(section: MarketSection): Promise<Outcome<{ symbols: string[] }>>;
  /** Asks for older candles of a watched chart (dragging to its left edge). */
  loadOlderCandles(symbol: string, period: KlinePeriod): void;
}

// The wallet (spec §2, the assets pages). Amounts to show arrive formatted for the locale; the ones
// a form builds on (available, fee, minimum) arrive as exact decimal strings as well.

export type Chain = z.output<typeof chainSchema>;
export type WithdrawalStatus = z.output<typeof withdrawalStatusSchema>;
export type RecordType = z.output<typeof recordSchema>['type'];
export type { WalletName };

export interface BalanceRow {
  wallet: WalletName;
  asset: string;
  /** Exact decimal: what "max" and "all" start from. */
  available: string;
  availableShown: string;
  frozenShown: string;
  /** Worth in USDT, formatted; `--` while no price is known. */
  valueShown: string;
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
  status: 'confirming' | 'credited';
  confirmations: number;
  required: number;
  time: string;
}

export interface WithdrawalRow {
  id: number;
  asset: string;
  chain: Chain;
  address: string;
  amountShown: string;
  feeShown: string;
  status: WithdrawalStatus;
  /** Why an operator rejected it. */
  reason: string | null;
  time: string;
}

export interface AddressRow {
  id: number;
  asset: string;
  chain: Chain;
  address: string;
  remark: string;
}

export interface RecordRow {
  /** Unique in the list: one movement (its `id`) touches each account it moved as a row. */
  key: string;
  id: number;
  type: RecordType;
  wallet: WalletName;
  asset: string;
  /** Signed and formatted (`+100`, `-5.5`). */
  amountShown: string;
  reference: string;
  time: string;
}

/** One page of a list, newest first; `more` when later pages exist. */
export interface ListPage<T> {
  rows: readonly T[];
  page: number;
  more: boolean;
}

export interface TransferDone {
  from: WalletName;
  to: WalletName;
  asset: string;
  amountShown: string;
}

export interface WalletHandlers {
  walletBalances(): Promise<Outcome<BalancesView>>;
  /** The assets and their chains: switches, fee, minimum, confirmations. */
  walletAssets(): Promise<Outcome<readonly AssetView[]>>;
  depositAddress(asset: string, chain: Chain): Promise<Outcome<DepositAddressView>>;
  deposits(page: number): Promise<Outcome<ListPage<DepositRow>>>;
  /**
   * Money-moving calls (withdraw, cancel, transfer) carry one idempotency key per intent: a retry
   * of the same intent after a lost answer reuses it, so the server runs it at most once. Amounts
   * are decimal strings as typed.
   */
  withdraw(form: {
    asset: string;
    chain: Chain;
    address: string;
    amount: string;
    trade_password: string;
  }): Promise<Outcome<WithdrawalRow>>;
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

/** The whole fold, with prices formatted for the locale: what /debug shows. */
export interface ScreenView extends ClientView {
  prices: Readonly<Record<string, { last: string; high: string; low: string }>>;
}

/** One market as the lists draw it: a compact row, prices already formatted. */
export type MarketRow = readonly [
  symbol: string,
  last: string,
  high: string,
  low: string,
  /** Signed percent with two decimals, formatted (`+1.25%`). */
  change: string,
  /** 24 h volume in the quote asset, formatted compactly (`1.2B`). */
  quoteVolume: string,
  /** Direction of the last move: 1 up, -1 down, 0 unchanged; colours the price. */
  trend: -1 | 0 | 1,
];

export interface MarketView {
  rows: readonly MarketRow[];
  /** True while any shown price comes from the simulated feed: the "Simulated market" badge. */
  simulated: boolean;
}

/**
 * A chart's candles as columns of equal length, oldest first: numbers for drawing only (every
 * label is formatted from them by the core's formatter at the market's price scale).
 */
export interface ChartView {
  symbol: string;
  period: KlinePeriod;
  priceScale: number;
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  /** More history exists before the first candle. */
  hasOlder: boolean;
  /** History is being fetched (first load or older candles). */
  loading: boolean;
  /** The feed the candles come from, and whether it is the simulated one. */
  feed: string;
  simulated: boolean;
}

/** An order book side as rows of formatted price, quantity, and cumulative quantity (number, for bars). */
export type BookRow = readonly [price: string, quantity: string, cumulative: number];

export interface BookView {
  symbol: string;
  bids: readonly BookRow[];
  asks: readonly BookRow[];
  /** The book's version; a gap in the diffs makes the worker resubscribe for a new snapshot. */
  version: number;
  /** True between a detected gap and the fresh snapshot. */
  resyncing: boolean;
}

/** Recent trades, newest first: formatted price, quantity, taker side, time (ms). */
export type TradeViewRow = readonly [
  price: string,
  quantity: string,
  side: 'buy' | 'sell',
  ts: number,
];

export interface TradesView {
  symbol: string;
  rows: readonly TradeViewRow[];
}

/** A home-page headline figure: its key, its value formatted, and where it comes from. */
export type FigureRow = readonly [key: string, value: string, source: 'measured' | 'configured'];

/** What each view sends: small, screen-ready, and only when its part of the fold changed. */
export interface ViewPayloads {
  market: MarketView;
  figures: { rows: readonly FigureRow[] };
  connection: ConnectionView;
  session: SessionView;
  all: ScreenView;
  chart: ChartView;
  book: BookView;
  trades: TradesView;
  spot: SpotView;
  support: SupportConversationView;
}

/** What a view is of: the market views name their symbol (and the chart its period). */
export interface ViewParams {
  market: undefined;
  figures: undefined;
  connection: undefined;
  session: undefined;
  all: undefined;
  chart: { symbol: string; period: KlinePeriod };
  book: { symbol: string };
  trades: { symbol: string };
  spot: { symbol: string };
  support: undefined;
}

export type ViewName = keyof ViewPayloads;

export interface ViewHandlers {
  /**
   * Calls back with the view now, then at most once per frame and only when it changed. Watching a
   * market view subscribes its channels; the last unwatch unsubscribes them.
   */
  watch<K extends ViewName>(
    view: K,
    callback: (payload: ViewPayloads[K]) => void,
    params?: ViewParams[K],
  ): number;
  unwatch(id: number): void;
}

export interface DebugHandlers {
  /** The kept event log as NDJSON. */
  capture(): Promise<string>;
  /** Loads a capture for replay; answers its event count, or the line that is not an event. */
  loadCapture(ndjson: string): Promise<{ ok: true; events: number } | { ok: false; line: number }>;
  /** Plays the loaded capture through the same fold at `speed`; the live view pauses meanwhile. */
  replay(speed: number): void;
  /** Shows the loaded capture's view as it was after event `seq`. */
  scrub(seq: number): void;
  /** Back to the live log. */
  live(): void;
}

/** What the worker tells the UI thread without being asked. */
export interface HostEvents {
  toast(message: string): void;
  /** Code 999: `logout` clears the session and storage; `navigate` only goes to /login. */
  sessionExpired(how: 'logout' | 'navigate'): void;
}

export interface HostHandlers {
  connectHost(host: HostEvents): void;
}

export type CoreFacade = SessionHandlers &
  MarketHandlers &
  WalletHandlers &
  SpotHandlers &
  AccountHandlers &
  IdentityHandlers &
  ContentHandlers &
  ViewHandlers &
  DebugHandlers &
  HostHandlers;
