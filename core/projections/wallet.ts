// The wallet pages' data as last answered: balances valued in USDT, the assets and their chains,
// deposit addresses, the deposit, withdrawal and record pages, the address book, and the last
// transfer. Withdrawals and address book changes answered later update what was listed; the
// deposits the `deposits` channel told of are kept apart, each in its newest state with where it
// was logged, so that a list shows only those told of after it was asked for over its own rows
// (core/wallet/live-deposits.ts): an answer may arrive after a frame it is newer than. The small
// balances' preview and conversion as last answered, so a capture replays the sheet.
import type { z } from 'zod/mini';
import type {
  SmallBalancesConversion,
  SmallBalancesPreview,
} from '../../schemas/api/small-balances.schema.ts';
import type {
  addressEntrySchema,
  assets,
  balances,
  depositSchema,
  deposits,
  records,
  transfer,
  walletToday,
  withdrawalSchema,
  withdrawals,
} from '../../schemas/api/wallet.schema.ts';
import type { recordFilterSchema } from '../wallet/events.ts';
import { defineFold } from './fold.ts';

type Output<T extends z.ZodMiniType> = z.output<T>;
export type WalletBalances = Output<(typeof balances)['response']>;
export type WalletToday = Output<(typeof walletToday)['response']>;
export type WalletAsset = Output<(typeof assets)['response']>['list'][number];
export type DepositPage = Output<(typeof deposits)['response']>;
export type Deposit = Output<typeof depositSchema>;
/** A deposit as a frame told of it, and where that frame was logged. */
export interface LiveDeposit {
  deposit: Deposit;
  seenAt: number;
}
export type Withdrawal = Output<typeof withdrawalSchema>;
export type WithdrawalPage = Output<(typeof withdrawals)['response']>;
export type AddressEntry = Output<typeof addressEntrySchema>;
export type RecordPage = Output<(typeof records)['response']>;
export type Transfer = Output<(typeof transfer)['response']>;

export interface WalletView {
  balances: WalletBalances | null;
  /** The home page's total worth and today's PnL as last answered. */
  today: WalletToday | null;
  assets: readonly WalletAsset[] | null;
  /** The user's deposit address by `ASSET:CHAIN`. */
  depositAddresses: Readonly<Record<string, string>>;
  deposits: DepositPage | null;
  /** Deposits the `deposits` channel told of since sign-in, newest first, each as it now stands. */
  liveDeposits: readonly LiveDeposit[];
  /** Where the last request of the deposits' first page was logged; 0 before any. */
  depositsAskedAt: number;
  withdrawals: WithdrawalPage | null;
  /**
   * The copies of withdrawals the `withdrawals` channel told of since sign-in, the latest told
   * first: the withdraw page lays those updated later than its own rows over them.
   */
  liveWithdrawals: readonly Withdrawal[];
  addresses: readonly AddressEntry[] | null;
  records: { type: Output<typeof recordFilterSchema>; page: RecordPage } | null;
  lastTransfer: Transfer | null;
  smallBalances: SmallBalancesPreview | null;
  lastConversion: SmallBalancesConversion | null;
}

export const initialWallet: WalletView = {
  balances: null,
  today: null,
  assets: null,
  depositAddresses: {},
  deposits: null,
  liveDeposits: [],
  depositsAskedAt: 0,
  withdrawals: null,
  liveWithdrawals: [],
  addresses: null,
  records: null,
  lastTransfer: null,
  smallBalances: null,
  lastConversion: null,
};

/** A withdrawal's newer state in the listed page; a new one goes on top of the first page. */
function withWithdrawal(page: WithdrawalPage | null, withdrawal: Withdrawal) {
  if (!page) return page;
  const listed = page.list.some((row) => row.id === withdrawal.id);
  if (listed) {
    return { ...page, list: page.list.map((row) => (row.id === withdrawal.id ? withdrawal : row)) };
  }
  return page.page === 1 ? { ...page, list: [withdrawal, ...page.list] } : page;
}

/** Deposits (and withdrawals) kept from their channel: far more than a page shows at once. */
export const liveDepositLimit = 50;

/** The frame's deposits in their newest state, newest first, the oldest let go past the limit. */
function withFrameDeposits(
  kept: readonly LiveDeposit[],
  frame: readonly Deposit[],
  seenAt: number,
): readonly LiveDeposit[] {
  const byId = new Map(kept.map((live) => [live.deposit.id, live]));
  for (const deposit of frame) byId.set(deposit.id, { deposit, seenAt });
  return [...byId.values()].sort((a, b) => b.deposit.id - a.deposit.id).slice(0, liveDepositLimit);
}

/** The deposits told of after the deposits' first page was last asked for: newer than its rows. */
export function depositsSinceAsked(wallet: WalletView): Deposit[] {
  return wallet.liveDeposits
    .filter((live) => live.seenAt > wallet.depositsAskedAt)
    .map((live) => live.deposit);
}

export const walletFold = defineFold(initialWallet, {
  'wallet-balances': (state, { payload }) => ({ ...state, balances: payload }),
  'wallet-today': (state, { payload }) => ({ ...state, today: payload }),
  'wallet-assets': (state, { payload }) => ({ ...state, assets: payload.list }),
  'wallet-deposit-address': (state, { payload }) => ({
    ...state,
    depositAddresses: {
      ...state.depositAddresses,
      [`${payload.asset}:${payload.chain}`]: payload.address,
    },
  }),
  'wallet-deposits': (state, { payload }) => ({ ...state, deposits: payload }),
  'wallet-deposits-requested': (state, { payload, seq }) =>
    payload.page === 1 ? { ...state, depositsAskedAt: seq } : state,
  deposits: (state, { payload, seq }) => ({
    ...state,
    liveDeposits: withFrameDeposits(state.liveDeposits, payload.data, seq),
  }),
  'wallet-withdrawals': (state, { payload }) => ({ ...state, withdrawals: payload }),
  'wallet-withdrawal': (state, { payload }) => ({
    ...state,
    withdrawals: withWithdrawal(state.withdrawals, payload),
  }),
  // Kept as told, the latest first; the live view reads each withdrawal's latest copy (kept out
  // of this fold, which every screen loads).
  withdrawals: (state, { payload }) => ({
    ...state,
    liveWithdrawals: [...payload.data, ...state.liveWithdrawals].slice(0, liveDepositLimit),
  }),
  'wallet-addresses': (state, { payload }) => ({ ...state, addresses: payload.list }),
  'wallet-address-added': (state, { payload }) => ({
    ...state,
    addresses: state.addresses && [...state.addresses, payload],
  }),
  'wallet-address-deleted': (state, { payload }) => ({
    ...state,
    addresses: state.addresses?.filter((entry) => entry.id !== payload.id) ?? null,
  }),
  'wallet-records': (state, { payload }) => ({
    ...state,
    records: { type: payload.type, page: payload.answer },
  }),
  'wallet-transferred': (state, { payload }) => ({ ...state, lastTransfer: payload }),
  'wallet-small-balances': (state, { payload }) => ({ ...state, smallBalances: payload }),
  'wallet-small-balances-converted': (state, { payload }) => ({
    ...state,
    lastConversion: payload,
  }),
  logout: () => initialWallet,
  'session-expired': () => initialWallet,
});
