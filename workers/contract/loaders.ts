// What the perpetual pages load: the board of tickers, marks and funding; the markets' rules and
// brackets; a perpetual's recent trades; and, signed in, the open positions, the resting orders,
// the balances and the history lists' pages. Requests and answers go into the log, where the projections fold them.
import { boardRows } from '../../core/contract/events.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import {
  contractMarkets,
  contractOrders,
  contractPositions,
} from '../../schemas/api/contract.schema.ts';
import { contractTrades } from '../../schemas/api/contract-book.schema.ts';
import {
  contractFills,
  contractFunding,
  contractHistory,
  contractLiquidations,
} from '../../schemas/api/contract-records.schema.ts';
import { contractMarkets as contractBoard } from '../../schemas/api/market.schema.ts';
import type { OrderList } from '../../schemas/api/orders.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import type { DomainContext } from '../kernel/context.ts';
import type { Outcome } from '../kernel/outcome.ts';
import { recordSection, tradesPage } from '../market/loaders.ts';
import { loadBalances } from '../wallet/loaders.ts';

/** Resting orders a refresh loads: the largest page the server gives. */
const restingPage = 100;

type Context = Pick<DomainContext, 'call' | 'record' | 'loggedIn' | 'channels' | 'view'>;

export async function loadBoard(context: Context): Promise<Outcome<{ symbols: string[] }>> {
  context.record({ source: 'intent', type: 'markets-requested', payload: { section: 'contract' } });
  const outcome = await context.call(contractBoard, {});
  if (!outcome.ok) return outcome;
  const symbols = recordSection(context, 'contract', outcome.data);
  context.record({
    source: 'api',
    type: 'contract-board',
    payload: { list: boardRows(outcome.data) },
  });
  return { ok: true, data: { symbols } };
}

export async function loadContractMarkets(context: Context) {
  context.record({ source: 'intent', type: 'contract-markets-requested', payload: null });
  const outcome = await context.call(contractMarkets, {});
  if (outcome.ok)
    context.record({ source: 'api', type: 'contract-markets', payload: outcome.data });
  return outcome;
}

/** A perpetual's recent trades on its own book, before its channel's frames extend them. */
export async function loadContractTrades(context: Context, symbol: string): Promise<void> {
  const outcome = await context.call(contractTrades, { symbol, limit: tradesPage });
  if (outcome.ok) {
    context.record({ source: 'api', type: 'contract-recent-trades', payload: outcome.data });
  }
}

export async function loadPositions(context: Context) {
  context.record({ source: 'intent', type: 'contract-positions-requested', payload: null });
  const outcome = await context.call(contractPositions, {});
  if (outcome.ok) {
    context.record({ source: 'api', type: 'contract-positions', payload: outcome.data });
    holdPositionMarks(context);
  }
  return outcome;
}

export async function listContractOrders(
  context: Context,
  status: OrderList,
  page: number,
  size: number,
) {
  const where = { status, page };
  context.record({
    source: 'intent',
    type: 'contract-order-list-requested',
    payload: { ...where, size },
  });
  const outcome = await context.call(contractOrders, { ...where, size });
  if (outcome.ok) {
    context.record({
      source: 'api',
      type: 'contract-order-list',
      payload: { ...where, answer: outcome.data },
    });
  }
  return outcome;
}

export const loadRestingOrders = (context: Context) =>
  listContractOrders(context, 'current', 1, restingPage);

export async function loadClosedPositions(context: Context, page: number, size: number) {
  context.record({ source: 'intent', type: 'contract-history-requested', payload: { page } });
  const outcome = await context.call(contractHistory, { page, size });
  if (outcome.ok)
    context.record({ source: 'api', type: 'contract-history', payload: outcome.data });
  return outcome;
}

export async function loadFundingPayments(context: Context, page: number, size: number) {
  context.record({ source: 'intent', type: 'contract-funding-requested', payload: { page } });
  const outcome = await context.call(contractFunding, { page, size });
  if (outcome.ok)
    context.record({ source: 'api', type: 'contract-funding', payload: outcome.data });
  return outcome;
}

export async function loadFills(context: Context, page: number, size: number) {
  context.record({ source: 'intent', type: 'contract-fills-requested', payload: { page } });
  const outcome = await context.call(contractFills, { page, size });
  if (outcome.ok) context.record({ source: 'api', type: 'contract-fills', payload: outcome.data });
  return outcome;
}

export async function loadLiquidations(context: Context, page: number, size: number) {
  context.record({ source: 'intent', type: 'contract-liquidations-requested', payload: { page } });
  const outcome = await context.call(contractLiquidations, { page, size });
  if (outcome.ok)
    context.record({ source: 'api', type: 'contract-liquidations', payload: outcome.data });
  return outcome;
}

/** The trade page's data: the markets' rules, and the user's positions, orders and balances. */
export async function refreshContract(context: Context): Promise<Outcome<null>> {
  const loads: Promise<Outcome<unknown>>[] = [loadContractMarkets(context)];
  if (context.loggedIn()) {
    loads.push(loadPositions(context), loadRestingOrders(context), loadBalances(context));
  }
  const outcomes = await Promise.all(loads);
  const failed = outcomes.find((outcome) => !outcome.ok);
  return failed && !failed.ok ? failed : { ok: true, data: null };
}

/**
 * The marks of every market the user holds a position in stay subscribed, so each position's PnL
 * follows its own market while another is on screen; positions frames come only with changes.
 */
export function holdPositionMarks(context: Pick<DomainContext, 'view' | 'channels'>): void {
  const symbols = new Set(openPositions(context.view().contract.positions).map((p) => p.symbol));
  context.channels.hold('contract:positions', [...symbols].map(channelName.mark));
}
