// The second contract as the client knows it: what is offered (`/option/products`: markets,
// durations with their published rates, stake bounds, the open limit), the durations of
// `/market/second`, the user's open and just-settled contracts (the `current` list, a placed
// order's answer, the `options` frames), the recorded prints of opening windows, and the
// user's daily loss limit. The user's part is forgotten at logout; the offer and the prints stay.
import type { z } from 'zod/mini';
import type { secondMarkets } from '../../schemas/api/market.schema.ts';
import type {
  OptionContract,
  optionLimits,
  optionProducts,
} from '../../schemas/api/option.schema.ts';
import type { IndexPrintRow } from '../../schemas/api/prints.schema.ts';
import { rulePrint } from '../option/prints.ts';
import { defineFold } from './fold.ts';
import {
  initialOptionContracts,
  type OptionContractsState,
  optionContracts,
} from './option-contracts.ts';

export type OptionOffer = z.output<(typeof optionProducts)['response']>;
export type SecondDuration = z.output<(typeof secondMarkets)['response']>['durations'][number];
export type OptionLimits = z.output<(typeof optionLimits)['response']>;

export interface OptionView {
  /** Null until `/option/products` answered. */
  offer: OptionOffer | null;
  durations: readonly SecondDuration[];
  contracts: OptionContractsState;
  /** Recorded index prints of opening windows, by `windowKey`. */
  windows: Readonly<Record<string, readonly IndexPrintRow[]>>;
  limits: OptionLimits | null;
}

export const initialOption: OptionView = {
  offer: null,
  durations: [],
  contracts: initialOptionContracts,
  windows: {},
  limits: null,
};

/** Opening windows remembered; the first read go first. */
export const keptWindows = 200;

/** The key of a market's print window: `BTCUSDT@1767225600000`. */
export const windowKey = (symbol: string, from: number) => `${symbol}@${from}`;

/**
 * A window's prints as last answered: every print recorded in it by then, in time order. Only a
 * window's own answer is read for it, so a print not yet fetched is never taken for missing.
 */
function withWindow(
  windows: OptionView['windows'],
  key: string,
  prints: readonly IndexPrintRow[],
): OptionView['windows'] {
  const next: Record<string, readonly IndexPrintRow[]> = { ...windows };
  delete next[key];
  next[key] = prints;
  const keys = Object.keys(next);
  for (const old of keys.slice(0, Math.max(0, keys.length - keptWindows))) delete next[old];
  return next;
}

const forgetUser = (state: OptionView): OptionView => ({
  ...state,
  contracts: initialOptionContracts,
  limits: null,
});

/** The first page of the `current` list of every market says what is open. */
const isSeed = (query: { status: string; page: number }) =>
  query.status === 'current' && query.page === 1;

export const optionFold = defineFold(initialOption, {
  'option-products': (state, { payload }) => ({ ...state, offer: payload }),
  'option-durations': (state, { payload }) => ({ ...state, durations: payload.list }),
  'option-contracts-requested': (state, { payload, seq }) =>
    isSeed(payload) ? { ...state, contracts: { ...state.contracts, requestedAt: seq } } : state,
  'option-contracts': (state, { payload, seq }) => ({
    ...state,
    contracts: isSeed(payload)
      ? optionContracts.seed(state.contracts, payload.answer.list, seq)
      : optionContracts.mergeListed(state.contracts, payload.answer.list, seq),
  }),
  'option-placed': (state, { payload, seq }) => ({
    ...state,
    contracts: optionContracts.merge(state.contracts, [payload], seq),
  }),
  options: (state, { payload, seq }) => ({
    ...state,
    contracts: optionContracts.merge(state.contracts, payload.data, seq),
  }),
  'option-prints': (state, { payload }) => ({
    ...state,
    windows: withWindow(state.windows, windowKey(payload.symbol, payload.from), payload.prints),
  }),
  'option-limits': (state, { payload }) => ({ ...state, limits: payload }),
  logout: forgetUser,
  'session-expired': forgetUser,
});

/** A print a contract read: its price as recorded and its second (ISO). */
export interface ReadingPrint {
  price: string;
  at: string;
}

/**
 * The opening print of a contract: as the server recorded it once settled, else the rule's print
 * in the opening window's recorded prints (the same `printAt` the server settles with); null while
 * neither is known.
 */
export function openingPrint(state: OptionView, contract: OptionContract): ReadingPrint | null {
  if (contract.open_price !== null && contract.open_print_at !== null) {
    return { price: contract.open_price, at: contract.open_print_at };
  }
  const openTime = Date.parse(contract.open_time);
  const window = state.windows[windowKey(contract.symbol, openTime)];
  const print = window ? rulePrint(window, openTime) : null;
  return print ? { price: print.row.price, at: print.row.ts } : null;
}
