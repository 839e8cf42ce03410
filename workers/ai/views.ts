// The AI ETF section's live views, formatted in the worker for the current locale: the products on
// sale, a product's page (its terms, the funding wallet, the user's active orders of it with their
// schedules) and an order's early-withdrawal page.
import { activeOrders, orderOf, productOf } from '../../core/projections/ai.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { defineView } from '../kernel/view.ts';
import { fundingWallet, paymentAsset } from '../product-kit/payment.ts';
import { usdt } from '../product-kit/usdt.ts';
import { refreshAi } from './loaders.ts';
import { orderRow, productRow } from './rows.ts';
import type { AiBoardView, AiOrderView, AiProductView } from './types.ts';

// Private frames sent while the socket was down are gone; a new sign-in has its own orders.
const reloadOn = ['reconnect', 'signIn'] as const;

export const aiBoardLiveView = defineView<AiBoardView>({
  source: (view) => [view.ai.products, view.session],
  load: (_params, context) => void refreshAi(context),
  reloadOn,
  payload: (view, _params, locale) => ({
    loggedIn: view.session.loggedIn,
    products: view.ai.products?.map((product) => productRow(product, locale)) ?? null,
  }),
});

export function productView(view: ClientView, id: number, locale: string): AiProductView {
  const product = productOf(view.ai, id);
  const available = availableOf(view.balances, fundingWallet, paymentAsset);
  return {
    loggedIn: view.session.loggedIn,
    product: product && productRow(product, locale),
    missing: product === null && view.ai.products !== null,
    available: available === null ? null : { exact: available, shown: usdt(available, locale) },
    orders: activeOrders(view.ai, id).map((order) => orderRow(order, locale)),
  };
}

export const aiProductLiveView = defineView<AiProductView, { id: number }>({
  source: (view) => [view.ai, view.balances, view.session],
  load: (_params, context) => void refreshAi(context),
  reloadOn,
  payload: (view, { id }, locale) => productView(view, id, locale),
});

export function orderView(view: ClientView, id: number, locale: string): AiOrderView {
  const order = orderOf(view.ai, id);
  return {
    loggedIn: view.session.loggedIn,
    order: order && orderRow(order, locale),
    // Once the whole active list answered, an order neither on it nor seen ending is none of the
    // user's active orders.
    missing: order === null && view.ai.ordersKnown,
  };
}

export const aiOrderLiveView = defineView<AiOrderView, { id: number }>({
  source: (view) => [view.ai.orders, view.ai.ordersKnown, view.session],
  load: (_params, context) => void refreshAi(context),
  reloadOn,
  payload: (view, { id }, locale) => orderView(view, id, locale),
});
