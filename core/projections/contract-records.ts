// The contract history pages as last answered: closed positions, the orders of a list (deal or
// history), fills, funding payments and liquidations. The history screens are drawn from these
// answers, so a capture replays them; the share card finds a closed position here.
import type { z } from 'zod/mini';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type {
  contractFills,
  contractFunding,
  contractHistory,
  contractLiquidations,
} from '../../schemas/api/contract-records.schema.ts';
import type { OrderList } from '../../schemas/api/orders.schema.ts';
import { defineFold } from './fold.ts';

export type ClosedPositionPage = z.output<(typeof contractHistory)['response']>;
export type ClosedPositionLine = ClosedPositionPage['list'][number];
export type FundingPage = z.output<(typeof contractFunding)['response']>;
export type FillPage = z.output<(typeof contractFills)['response']>;
export type LiquidationPage = z.output<(typeof contractLiquidations)['response']>;

export interface ContractRecordsView {
  closed: ClosedPositionPage | null;
  orders: { status: OrderList; page: number; list: readonly ContractOrder[] } | null;
  fills: FillPage | null;
  funding: FundingPage | null;
  liquidations: LiquidationPage | null;
}

export const initialContractRecords: ContractRecordsView = {
  closed: null,
  orders: null,
  fills: null,
  funding: null,
  liquidations: null,
};

export const contractRecordsFold = defineFold(initialContractRecords, {
  'contract-history': (state, { payload }) => ({ ...state, closed: payload }),
  'contract-fills': (state, { payload }) => ({ ...state, fills: payload }),
  'contract-funding': (state, { payload }) => ({ ...state, funding: payload }),
  'contract-liquidations': (state, { payload }) => ({ ...state, liquidations: payload }),
  'contract-order-list': (state, { payload }) =>
    payload.status === 'current'
      ? state
      : {
          ...state,
          orders: { status: payload.status, page: payload.page, list: payload.answer.list },
        },
  logout: () => initialContractRecords,
  'session-expired': () => initialContractRecords,
});

/** A closed position's line, when the last page of the history listed it. */
export function closedLine(view: ContractRecordsView, id: number): ClosedPositionLine | null {
  return view.closed?.list.find((line) => line.id === id) ?? null;
}
