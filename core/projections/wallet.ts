// The wallet pages' data as last answered: balances valued in USDT, the assets and their chains,
// deposit addresses, the deposit, withdrawal and record pages, the address book, and the last
// transfer. Withdrawals and address book changes answered later update what was listed.
import type { z } from 'zod/mini';
import type {
  addressEntrySchema,
  assets,
  balances,
  deposits,
  records,
  transfer,
  withdrawalSchema,
  withdrawals,
} from '../../schemas/api/wallet.schema.ts';
import type { recordFilterSchema } from '../wallet/events.ts';
import { defineFold } from './fold.ts';

type Output<T extends z.ZodMiniType> = z.output<T>;
export type WalletBalances = Output<(typeof balances)['response']>;
export type WalletAsset = Output<(typeof assets)['response']>['list'][number];
export type DepositPage = Output<(typeof deposits)['response']>;
export type Withdrawal = Output<typeof withdrawalSchema>;
export type WithdrawalPage = Output<(typeof withdrawals)['response']>;
export type AddressEntry = Output<typeof addressEntrySchema>;
export type RecordPage = Output<(typeof records)['response']>;
export type Transfer = Output<(typeof transfer)['response']>;

export interface WalletView {
  balances: WalletBalances | null;
  assets: readonly WalletAsset[] | null;
  /** The user's deposit address by `ASSET:CHAIN`. */
  depositAddresses: Readonly<Record<string, string>>;
  deposits: DepositPage | null;
  withdrawals: WithdrawalPage | null;
  addresses: readonly AddressEntry[] | null;
  records: { type: Output<typeof recordFilterSchema>; page: RecordPage } | null;
  lastTransfer: Transfer | null;
}

export const initialWallet: WalletView = {
  balances: null,
  assets: null,
  depositAddresses: {},
  deposits: null,
  withdrawals: null,
  addresses: null,
  records: null,
  lastTransfer: null,
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

export const walletFold = defineFold(initialWallet, {
  'wallet-balances': (state, { payload }) => ({ ...state, balances: payload }),
  'wallet-assets': (state, { payload }) => ({ ...state, assets: payload.list }),
  'wallet-deposit-address': (state, { payload }) => ({
    ...state,
    depositAddresses: {
      ...state.depositAddresses,
      [`${payload.asset}:${payload.chain}`]: payload.address,
    },
  }),
  'wallet-deposits': (state, { payload }) => ({ ...state, deposits: payload }),
  'wallet-withdrawals': (state, { payload }) => ({ ...state, withdrawals: payload }),
  'wallet-withdrawal': (state, { payload }) => ({
    ...state,
    withdrawals: withWithdrawal(state.withdrawals, payload),
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
  logout: () => initialWallet,
  'session-expired': () => initialWallet,
});
