// The user's balances per account and asset: seeded by the `/wallet/balances` answer, then kept
// current by the private `balances` channel, which sends each changed account's newest state.
import type { WalletName } from '../../schemas/api/wallet.schema.ts';
import { defineFold } from './fold.ts';

export interface BalanceEntry {
  available: string;
  frozen: string;
}

export interface BalancesState {
  /** By `wallet:asset`, e.g. `funding:USDT`. */
  accounts: Readonly<Record<string, BalanceEntry>>;
  /** Where each account's newest state was logged, to tell a seed from a later frame. */
  seenAt: Readonly<Record<string, number>>;
  /** Where the last balances request was logged; 0 before any. */
  requestedAt: number;
  /** Whether any answer or frame has been seen since login: before, balances are unknown. */
  known: boolean;
}

export const initialBalances: BalancesState = {
  accounts: {},
  seenAt: {},
  requestedAt: 0,
  known: false,
};

export const accountKey = (wallet: WalletName, asset: string) => `${wallet}:${asset}`;

/** An account's available balance; `0` once balances are known and it has none, null before. */
export function availableOf(
  state: BalancesState,
  wallet: WalletName,
  asset: string,
): string | null {
  if (!state.known) return null;
  return state.accounts[accountKey(wallet, asset)]?.available ?? '0';
}

type Row = { wallet: WalletName; asset: string; available: string; frozen: string };

function apply(state: BalancesState, rows: readonly Row[], seq: number): BalancesState {
  const accounts: Record<string, BalanceEntry> = { ...state.accounts };
  const seenAt: Record<string, number> = { ...state.seenAt };
  for (const row of rows) {
    const key = accountKey(row.wallet, row.asset);
    accounts[key] = { available: row.available, frozen: row.frozen };
    seenAt[key] = seq;
  }
  return { ...state, accounts, seenAt, known: true };
}

export const balancesFold = defineFold(initialBalances, {
  'wallet-balances-requested': (state, { seq }) => ({ ...state, requestedAt: seq }),
  'wallet-balances': (state, { payload, seq }) => {
    // The answer replaces what was known, except accounts a frame changed after the request:
    // the answer may have been read before that change.
    const isFresh = (key: string) => (state.seenAt[key] ?? 0) > state.requestedAt;
    const kept = Object.keys(state.accounts).filter(isFresh);
    const base: BalancesState = {
      ...state,
      accounts: Object.fromEntries(kept.map((key) => [key, state.accounts[key] as BalanceEntry])),
      seenAt: Object.fromEntries(kept.map((key) => [key, state.seenAt[key] ?? 0])),
    };
    const answered = payload.balances.filter((row) => !isFresh(accountKey(row.wallet, row.asset)));
    return apply(base, answered, seq);
  },
  balances: (state, { payload, seq }) => apply(state, payload.data, seq),
  logout: () => initialBalances,
  'session-expired': () => initialBalances,
});
