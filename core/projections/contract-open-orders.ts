// The user's resting contract orders by id, as the contract fold keeps them: seeded by the first
// page of the `current` list, and changed by the private `contract-orders` frames (each order a
// batch changed, as it now stands) and by the answers of opening, closing and cancelling. An order
// that finished leaves the map for the list of finished ones, which says how it ended (filled, or
// cancelled with its reason) and keeps an older state read before it finished from bringing it back.
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import { emptyLiveSet, type LiveSet, liveSetOf } from './live-set.ts';

export type OpenOrdersState = LiveSet<ContractOrder>;

export const initialOpenOrders: OpenOrdersState = emptyLiveSet();

/** Finished orders remembered; the first to finish go first. */
export const keptFinished = 50;

export function isResting(order: ContractOrder): boolean {
  return order.status === 'open' || order.status === 'partially_filled';
}

const orders = liveSetOf<ContractOrder>({
  isLive: isResting,
  // An order's newer state wins; at the same time the later arrival does.
  isNewer: (next, shown) => !shown || Date.parse(next.updated_at) >= Date.parse(shown.updated_at),
  kept: keptFinished,
});

/** How an order ended, when it was seen finishing. */
export const finishedOrder = orders.finished;
/** The user's own orders as a `contract-orders` frame or a call's answer tells them. */
export const mergeOrders = orders.merge;
/** A page of a history list: it may show a resting order finished. */
export const mergeListed = orders.mergeListed;
/**
 * The first page of every market's `current` list says what rests: it replaces what is known,
 * except orders a frame or an answer told of after the request.
 */
export const seedOrders = orders.seed;
/** Resting orders, newest first; of one market when `symbol` is given. */
export const restingOrders = orders.live;
