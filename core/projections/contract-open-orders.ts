// The user's resting contract orders by id, as the contract fold keeps them: seeded by the first
// page of the `current` list and changed by the answers of opening, closing and cancelling. No
// channel carries contract orders, so the worker asks for the list again whenever a position
// changes (a fill); an order that finished leaves the map.
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';

export interface OpenOrdersState {
  byId: Readonly<Record<number, ContractOrder>>;
  /** Where each order's newest state was logged. */
  seenAt: Readonly<Record<number, number>>;
  /** Where the last request for the current list was logged; 0 before any. */
  requestedAt: number;
}

export const initialOpenOrders: OpenOrdersState = { byId: {}, seenAt: {}, requestedAt: 0 };

export function isResting(order: ContractOrder): boolean {
  return order.status === 'open' || order.status === 'partially_filled';
}

/** An order's newer state wins; at the same time the later arrival does. */
function isNewer(next: ContractOrder, shown: ContractOrder | undefined): boolean {
  return !shown || Date.parse(next.updated_at) >= Date.parse(shown.updated_at);
}

/** Orders answered by any call: resting ones are kept, finished ones let go. */
export function mergeOrders(
  state: OpenOrdersState,
  orders: readonly ContractOrder[],
  seq: number,
): OpenOrdersState {
  let byId: Record<number, ContractOrder> | undefined;
  let seenAt: Record<number, number> | undefined;
  for (const order of orders) {
    const shown = state.byId[order.id];
    if (!isNewer(order, shown)) continue;
    if (!isResting(order) && !shown) continue;
    byId ??= { ...state.byId };
    seenAt ??= { ...state.seenAt };
    if (isResting(order)) {
      byId[order.id] = order;
      seenAt[order.id] = seq;
    } else {
      delete byId[order.id];
      delete seenAt[order.id];
    }
  }
  return byId && seenAt ? { ...state, byId, seenAt } : state;
}

/**
 * The first page of every market's `current` list says what rests: it replaces what is known,
 * except orders answered after the request.
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
  return mergeOrders({ ...state, byId, seenAt }, list, seq);
}

/** Resting orders, newest first; of one market when `symbol` is given. */
export function restingOrders(state: OpenOrdersState, symbol?: string): ContractOrder[] {
  return Object.values(state.byId)
    .filter((order) => symbol === undefined || order.symbol === symbol)
    .sort((a, b) => b.id - a.id);
}
