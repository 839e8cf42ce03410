// The user's spot orders as the client knows them: seeded by the `current` list, kept up to date by
// the private `orders` channel and by the answers to placing and cancelling. Finished orders stay
// a while, so whoever follows one order sees how it ended.
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { defineFold } from './fold.ts';

export interface SpotOrdersView {
  /** By order id. */
  byId: Readonly<Record<number, SpotOrder>>;
  /** The log position of each order's newest state, to tell a seed from a later frame. */
  seenAt: Readonly<Record<number, number>>;
  /** Where the last request for the current list was logged; 0 before any. */
  requestedAt: number;
}

export const initialSpotOrders: SpotOrdersView = { byId: {}, seenAt: {}, requestedAt: 0 };

/** Orders kept; the oldest finished ones go first. */
export const keptOrders = 100;

export function isOpenOrder(order: SpotOrder): boolean {
  return order.status === 'open' || order.status === 'partially_filled';
}

/** Open orders of one market (every market when `symbol` is omitted), newest first. */
export function openOrders(view: SpotOrdersView, symbol?: string): SpotOrder[] {
  return Object.values(view.byId)
    .filter((order) => isOpenOrder(order) && (symbol === undefined || order.symbol === symbol))
    .sort(newestFirst);
}

const newestFirst = (a: SpotOrder, b: SpotOrder) => b.id - a.id;

/** An order's newer state wins; at the same time the later arrival does (it cannot be older). */
function isNewer(next: SpotOrder, shown: SpotOrder | undefined): boolean {
  return !shown || Date.parse(next.updated_at) >= Date.parse(shown.updated_at);
}

function merge(state: SpotOrdersView, orders: readonly SpotOrder[], seq: number): SpotOrdersView {
  const byId: Record<number, SpotOrder> = { ...state.byId };
  const seenAt: Record<number, number> = { ...state.seenAt };
  let changed = false;
  for (const order of orders) {
    if (!isNewer(order, byId[order.id])) continue;
    byId[order.id] = order;
    seenAt[order.id] = seq;
    changed = true;
  }
  return changed ? bounded({ ...state, byId, seenAt }) : state;
}

function bounded(state: SpotOrdersView): SpotOrdersView {
  const ids = Object.keys(state.byId).map(Number);
  if (ids.length <= keptOrders) return state;
  const finished = ids
    .filter((id) => {
      const order = state.byId[id];
      return order !== undefined && !isOpenOrder(order);
    })
    .sort((a, b) => a - b);
  const byId = { ...state.byId };
  const seenAt = { ...state.seenAt };
  for (const id of finished.slice(0, ids.length - keptOrders)) {
    delete byId[id];
    delete seenAt[id];
  }
  return { ...state, byId, seenAt };
}

/**
 * The first page of the `current` list replaces what is known to be open, except orders whose
 * frames arrived after the request: the answer may have been read before they changed.
 */
function seed(state: SpotOrdersView, list: readonly SpotOrder[], seq: number): SpotOrdersView {
  const listed = new Set(list.map((order) => order.id));
  const byId: Record<number, SpotOrder> = {};
  const seenAt: Record<number, number> = {};
  for (const [key, order] of Object.entries(state.byId)) {
    const id = Number(key);
    const fresh = (state.seenAt[id] ?? 0) > state.requestedAt;
    if (isOpenOrder(order) && !listed.has(id) && !fresh) continue;
    byId[id] = order;
    seenAt[id] = state.seenAt[id] ?? 0;
  }
  return merge({ ...state, byId, seenAt }, list, seq);
}

/** The first page of every market's current orders: the list that says what is open. */
function isSeed(query: { status: string; page: number; symbol?: string | undefined }): boolean {
  return query.status === 'current' && query.page === 1 && query.symbol === undefined;
}

export const spotOrdersFold = defineFold(initialSpotOrders, {
  'spot-orders-requested': (state, { payload, seq }) =>
    isSeed(payload) ? { ...state, requestedAt: seq } : state,
  'spot-orders': (state, { payload, seq }) =>
    isSeed(payload) ? seed(state, payload.list, seq) : merge(state, payload.list, seq),
  'spot-order': (state, { payload, seq }) => merge(state, [payload], seq),
  orders: (state, { payload, seq }) => merge(state, payload.data, seq),
  logout: () => initialSpotOrders,
  'session-expired': () => initialSpotOrders,
});
