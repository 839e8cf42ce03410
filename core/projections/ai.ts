// The AI ETF section as the client knows it: the products on sale as last listed, and the user's
// orders: the active ones by id, seeded by the first page of the active list and changed by the
// answers of a purchase and of an early withdrawal; an order that ends (matured, withdrawn) leaves
// them for the ended ones, and an older answer that still shows it active cannot bring it back.
// The orders are forgotten at logout; the products stay.
import type { AiOrder, AiProduct } from '../../schemas/api/ai.schema.ts';
import { parseAmount } from '../money.ts';
import { defineFold } from './fold.ts';
import {
  emptyLiveSet,
  finishedItem,
  type LiveRules,
  type LiveSet,
  mergeLive,
  seedLive,
} from './live-set.ts';

export interface AiView {
  /** Null until `/ai/products` answered. */
  products: readonly AiProduct[] | null;
  orders: LiveSet<AiOrder>;
  /** Whether a whole list of the active orders has answered since login. */
  ordersKnown: boolean;
}

export const initialAi: AiView = { products: null, orders: emptyLiveSet(), ordersKnown: false };

/** Ended orders remembered; the first to end go first. */
export const keptEnded = 50;

const paidAtoms = (order: AiOrder) => parseAmount(order.paid) ?? 0n;

export const aiOrderRules: LiveRules<AiOrder> = {
  isLive: (order) => order.status === 'active',
  // An active order only ever gains paid days, then ends once: a state with less paid is older.
  isNewer: (next, shown) =>
    !shown ||
    next.status !== 'active' ||
    (shown.status === 'active' && paidAtoms(next) >= paidAtoms(shown)),
  kept: keptEnded,
};

/** The first page of the active list is asked for to learn what is active. */
const isSeedRequest = (query: { status: string; page: number }) =>
  query.status === 'active' && query.page === 1;

/** Only a first page that holds the whole active list says what is active. */
const isSeed = (query: { status: string; page: number; size: number }, total: number) =>
  isSeedRequest(query) && query.size >= total;

const forgetUser = (state: AiView): AiView => ({
  ...state,
  orders: emptyLiveSet(),
  ordersKnown: false,
});

export const aiFold = defineFold(initialAi, {
  'ai-products': (state, { payload }) => ({ ...state, products: payload.list }),
  'ai-orders-requested': (state, { payload, seq }) =>
    isSeedRequest(payload) ? { ...state, orders: { ...state.orders, requestedAt: seq } } : state,
  'ai-orders': (state, { payload, seq }) =>
    isSeed(payload, payload.answer.total)
      ? {
          ...state,
          orders: seedLive(state.orders, payload.answer.list, seq, aiOrderRules),
          ordersKnown: true,
        }
      : // A page of a longer list adds the active orders it holds and ends those it shows ended.
        {
          ...state,
          orders: mergeLive(state.orders, payload.answer.list, seq, false, aiOrderRules),
        },
  'ai-bought': (state, { payload, seq }) => ({
    ...state,
    orders: mergeLive(state.orders, [payload], seq, true, aiOrderRules),
  }),
  'ai-withdrawn': (state, { payload, seq }) => ({
    ...state,
    orders: mergeLive(state.orders, [payload], seq, true, aiOrderRules),
  }),
  // Orders that matured leave the active ones, as the answer of a withdrawal makes them.
  'ai-order-updates': (state, { payload, seq }) => ({
    ...state,
    orders: mergeLive(state.orders, payload.data, seq, true, aiOrderRules),
  }),
  logout: forgetUser,
  'session-expired': forgetUser,
});

export function productOf(view: AiView, id: number): AiProduct | null {
  return view.products?.find((product) => product.id === id) ?? null;
}

/** An order as last known: active, or as it was seen ending. */
export function orderOf(view: AiView, id: number): AiOrder | null {
  return view.orders.byId[id] ?? finishedItem(view.orders, id);
}

/** The active orders, newest first; of one product when `productId` is given. */
export function activeOrders(view: AiView, productId?: number): AiOrder[] {
  return Object.values(view.orders.byId)
    .filter((order) => productId === undefined || order.product_id === productId)
    .sort((a, b) => b.id - a.id);
}
