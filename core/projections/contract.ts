// The perpetual contracts as the client knows them: each market's rules and brackets
// (`/contract/markets`), its latest mark, index and coming funding round (the answers, then the
// `mark.*` frames), the last round paid (`funding.*`), and the user's open positions (`positions`
// frames) and resting orders (`contract-orders` frames). The user's part is forgotten at logout;
// the markets stay.
import type { z } from 'zod/mini';
import type {
  ContractMarket,
  fundingDataSchema,
  markDataSchema,
} from '../../schemas/api/contract.schema.ts';
import type { BoardRow } from '../contract/events.ts';
import {
  initialOpenOrders,
  mergeListed,
  mergeOrders,
  type OpenOrdersState,
  seedOrders,
} from './contract-open-orders.ts';
import {
  applyPositionFrame,
  initialPositions,
  type PositionsState,
  seedPositions,
  upsertPosition,
} from './contract-positions.ts';
import { defineFold } from './fold.ts';

export interface MarkState {
  /** Exact decimals at the market's price scale; null until the first recorded mark. */
  mark: string | null;
  index: string | null;
  /** The index went stale: opening and liquidation wait. */
  stale: boolean;
  /** The coming round's rate as a fraction, and when it is paid (ISO). */
  fundingRate: string;
  nextFundingTime: string;
  /** Where it was logged: a position's figures are worked out again at a mark logged after it. */
  seenAt: number;
}

export type FundingRound = z.output<typeof fundingDataSchema>;

export interface ContractView {
  markets: Readonly<Record<string, ContractMarket>>;
  marks: Readonly<Record<string, MarkState>>;
  lastRound: Readonly<Record<string, FundingRound>>;
  positions: PositionsState;
  orders: OpenOrdersState;
}

export const initialContract: ContractView = {
  markets: {},
  marks: {},
  lastRound: {},
  positions: initialPositions,
  orders: initialOpenOrders,
};

const forgetUser = (state: ContractView): ContractView => ({
  ...state,
  positions: initialPositions,
  orders: initialOpenOrders,
});

function withMarks(
  state: ContractView,
  rows: readonly (BoardRow & { stale?: boolean })[],
  seq: number,
): ContractView {
  const marks: Record<string, MarkState> = { ...state.marks };
  for (const row of rows) {
    marks[row.symbol] = {
      mark: row.mark_price,
      index: row.index_price,
      stale: row.stale ?? marks[row.symbol]?.stale ?? false,
      fundingRate: row.funding_rate,
      nextFundingTime: row.next_funding_time,
      seenAt: seq,
    };
  }
  return { ...state, marks };
}

function markFrame(
  state: ContractView,
  symbol: string,
  data: z.output<typeof markDataSchema>,
  seq: number,
): ContractView {
  return withMarks(state, [{ symbol, ...data, stale: data.stale }], seq);
}

/** Whether a `/contract/orders` query is the one that says what rests in every market. */
function isSeed(query: { status: string; page: number; symbol?: string | undefined }): boolean {
  return query.status === 'current' && query.page === 1 && query.symbol === undefined;
}

export const contractFold = defineFold(initialContract, {
  'contract-markets': (state, { payload, seq }) =>
    withMarks(
      { ...state, markets: Object.fromEntries(payload.list.map((m) => [m.symbol, m])) },
      payload.list,
      seq,
    ),
  'contract-board': (state, { payload, seq }) => withMarks(state, payload.list, seq),
  mark: (state, { payload, seq }) => markFrame(state, payload.symbol, payload.data, seq),
  funding: (state, { payload }) => ({
    ...state,
    lastRound: { ...state.lastRound, [payload.symbol]: payload.data },
  }),
  'contract-positions-requested': (state, { seq }) => ({
    ...state,
    positions: { ...state.positions, requestedAt: seq },
  }),
  'contract-positions': (state, { payload, seq }) => ({
    ...state,
    positions: seedPositions(state.positions, payload.list, seq),
  }),
  'contract-position': (state, { payload, seq }) => ({
    ...state,
    positions: upsertPosition(state.positions, payload, seq),
  }),
  positions: (state, { payload, seq, at }) => ({
    ...state,
    positions: applyPositionFrame(state.positions, payload.data, seq, at),
  }),
  'contract-leverage-set': (state, { payload, seq }) => {
    const position = Object.values(state.positions.byId).find((p) => p.symbol === payload.symbol);
    if (!position) return state;
    const changed = { ...position, leverage: payload.leverage };
    return { ...state, positions: upsertPosition(state.positions, changed, seq) };
  },
  'contract-order-list-requested': (state, { payload, seq }) =>
    isSeed(payload) ? { ...state, orders: { ...state.orders, requestedAt: seq } } : state,
  'contract-order-list': (state, { payload, seq }) => ({
    ...state,
    orders: isSeed(payload)
      ? seedOrders(state.orders, payload.answer.list, seq)
      : mergeListed(state.orders, payload.answer.list, seq),
  }),
  'contract-order': (state, { payload, seq }) => ({
    ...state,
    orders: mergeOrders(state.orders, [payload], seq),
  }),
  'contract-orders': (state, { payload, seq }) => ({
    ...state,
    orders: mergeOrders(state.orders, payload.data, seq),
  }),
  logout: forgetUser,
  'session-expired': forgetUser,
});
