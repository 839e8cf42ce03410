// The user's balances per account and asset: seeded by the `/wallet/balances` answer, then kept
// current by the private `balances` channel, which sends each changed account's newest state.
import { balancesDataSchema } from '../../schemas/api/spot.schema.ts';
import type { LoggedEvent } from '../event-log.ts';

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

export const accountKey = (wallet: string, asset: string) => `${wallet}:${asset}`;

/** An account's available balance; `0` once balances are known and it has none, null before. */
export function availableOf(state: BalancesState, wallet: string, asset: string): string | null {
  if (!state.known) return null;
  return state.accounts[accountKey(wallet, asset)]?.available ?? '0';
}

type Row = { wallet: string; asset: string; available: string; frozen: string };

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

export function foldBalances(state: BalancesState, event: LoggedEvent): BalancesState {
  if (event.type === 'logout' || event.type === 'session-expired') return initialBalances;
  if (event.source === 'intent' && event.type === 'spot-balances') {
    return { ...state, requestedAt: event.seq };
  }
  if (event.source === 'api' && event.type === 'spot-balances') {
    const rows = balancesDataSchema.safeParse((event.payload as { list?: unknown })?.list);
    if (!rows.success) return state;
    // The answer replaces what was known, except accounts a frame changed after the request:
    // the answer may have been read before that change.
    const isFresh = (key: string) => (state.seenAt[key] ?? 0) > state.requestedAt;
    const kept = Object.keys(state.accounts).filter(isFresh);
    const base: BalancesState = {
      ...state,
      accounts: Object.fromEntries(kept.map((key) => [key, state.accounts[key] as BalanceEntry])),
      seenAt: Object.fromEntries(kept.map((key) => [key, state.seenAt[key] ?? 0])),
    };
    const answered = rows.data.filter((row) => !isFresh(accountKey(row.wallet, row.asset)));
    return apply(base, answered, event.seq);
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as { channel?: unknown; data?: unknown };
  if (frame?.channel !== 'balances') return state;
  const rows = balancesDataSchema.safeParse(frame.data);
  return rows.success ? apply(state, rows.data, event.seq) : state;
}
