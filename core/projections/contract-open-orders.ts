// The user's resting contract orders by id, as the contract fold keeps them: seeded by the first
// page of the `current` list, and changed by the private `contract-orders` frames (each order a
// batch changed, as it now stands) and by the answers of opening, closing and cancelling. An order
// that finished leaves the map for the list of finished ones, which says how it ended (filled, or
// cancelled with its reason) and keeps an older state read before it finished from bringing it back.
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';

export interface OpenOrdersState {
  byId: Readonly<Record<number, ContractOrder>>;
  /** Where each order's newest state was logged. */
  seenAt: Readonly<Record<number, number>>;
  /** Where the last request for the current list was logged; 0 before any. */
  requestedAt: number;
  /** Orders seen finishing, as they ended, the last to finish last. A finished order never rests again. */
  finished: readonly ContractOrder[];
}

export const initialOpenOrders: OpenOrdersState = {
  byId: {},
  seenAt: {},
  requestedAt: 0,
  finished: [],
};

/** Finished orders remembered; the first to finish go first. */
export const keptFinished = 50;

export function isResting(order: ContractOrder): boolean {
  return order.status === 'open' || order.status === 'partially_filled';
}

/** An order's newer state wins; at the same time the later arrival does. */
function isNewer(next: ContractOrder, shown: ContractOrder | undefined): boolean {
  return !shown || Date.parse(next.updated_at) >= Date.parse(shown.updated_at);
}

/** How an order ended, when it was seen finishing. */
export function finishedOrder(state: OpenOrdersState, id: number): ContractOrder | null {
  return state.finished.find((order) => order.id === id) ?? null;
}

/**
 * Orders as they now stand. Resting ones are kept; a finished one leaves, and is remembered when
 * it was resting here or `unseen` is set (a frame or an answer about the user's own order, which
 * may come before the order was known); a page of a history list leaves unseen ones alone.
 */
function merge(
  state: OpenOrdersState,
  orders: readonly ContractOrder[],
  seq: number,
  unseen: boolean,
): OpenOrdersState {
  let byId: Record<number, ContractOrder> | undefined;
  let seenAt: Record<number, number> | undefined;
  const ended: ContractOrder[] = [];
  for (const order of orders) {
    const shown = byId?.[order.id] ?? state.byId[order.id];
    if (!isNewer(order, shown)) continue;
    if (finishedOrder(state, order.id) || ended.some((done) => done.id === order.id)) continue;
    if (!isResting(order) && !shown && !unseen) continue;
    byId ??= { ...state.byId };
    seenAt ??= { ...state.seenAt };
    if (isResting(order)) {
      byId[order.id] = order;
      seenAt[order.id] = seq;
    } else {
      delete byId[order.id];
      delete seenAt[order.id];
      ended.push(order);
    }
  }
  if (!byId || !seenAt) return state;
  const finished = ended.length === 0 ? state.finished : [...state.finished, ...ended];
  return { ...state, byId, seenAt, finished: finished.slice(-keptFinished) };
}

/** The user's own orders as a `contract-orders` frame or a call's answer tells them. */
export function mergeOrders(
  state: OpenOrdersState,
  orders: readonly ContractOrder[],
  seq: number,
): OpenOrdersState {
  return merge(state, orders, seq, true);
}

/** A page of a history list: it may show a resting order finished. */
export function mergeListed(
  state: OpenOrdersState,
  orders: readonly ContractOrder[],
  seq: number,
): OpenOrdersState {
  return merge(state, orders, seq, false);
}

/**
 * The first page of every market's `current` list says what rests: it replaces what is known,
 * except orders a frame or an answer told of after the request.
 */
export function seedOrders(
  state: OpenOrdersState,
  list: readonly ContractOrder[],
  seq: number,
): OpenOrdersState {
  const byId: Record<number, ContractOrder> = {};
  const seenAt: Record<number, number> = {};
  for (const [key, order] of Object.entries(state.byId)) {
    const id = Number(key);
    const at = state.seenAt[id] ?? 0;
    if (at <= state.requestedAt) continue;
    byId[id] = order;
    seenAt[id] = at;
  }
  return merge({ ...state, byId, seenAt }, list, seq, false);
}

/** Resting orders, newest first; of one market when `symbol` is given. */
export function restingOrders(state: OpenOrdersState, symbol?: string): ContractOrder[] {
  return Object.values(state.byId)
    .filter((order) => symbol === undefined || order.symbol === symbol)
    .sort((a, b) => b.id - a.id);
}
