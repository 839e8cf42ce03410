// The spot page's view, formatted in the worker for the current locale: the market's rules, its
// current price, the available balances, and the user's orders as rows.
import { formatAmount, formatMarketPrice, type Precisions } from '../../core/figures.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { isOpenOrder } from '../../core/projections/spot-orders.ts';
import type { SpotMarketRules, SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { WalletName } from '../../schemas/api/wallet.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { defineView, liveEveryMs } from '../kernel/view.ts';
import { refreshSpot } from './loaders.ts';
import type { AvailableFigure, SpotOrderRow, SpotView } from './types.ts';

/** Spot trades settle in the funding account. */
export const spotWallet: WalletName = 'funding';

/** `BTCUSDT` → `BTC`, `USDT` when the rules are not known yet (every listed market is in USDT). */
export function assetsOf(symbol: string, rules: SpotMarketRules | undefined) {
  return rules
    ? { base: rules.base, quote: rules.quote }
    : { base: symbol.replace(/USDT$/, ''), quote: 'USDT' };
}

export function orderRow(
  order: SpotOrder,
  rules: SpotMarketRules | undefined,
  precisions: Precisions,
  locale: string,
): SpotOrderRow {
  const { base, quote } = assetsOf(order.symbol, rules);
  const byTurnover = order.quantity === null;
  const price = (value: string | null) =>
    formatMarketPrice(value, order.symbol, precisions, locale);
  const amount = (value: string | null, asset: string) =>
    formatAmount(value, asset, precisions, locale);
  return {
    id: order.id,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    status: order.status,
    cancelReason: order.cancel_reason,
    open: isOpenOrder(order),
    base,
    quote,
    priceShown: price(order.price),
    // A finished market buy shows what it spent, not the amount it was asked to spend.
    amountShown: byTurnover
      ? amount(isOpenOrder(order) ? order.turnover : order.filled_quote, quote)
      : amount(order.quantity, base),
    amountAsset: byTurnover ? quote : base,
    filled: order.filled_quantity,
    filledShown: amount(order.filled_quantity, base),
    filledValueShown: amount(order.filled_quote, quote),
    avgPriceShown: price(order.avg_price),
    feeShown: amount(order.fee, order.fee_asset),
    feeAsset: order.fee_asset,
    time: formatTimestamp(order.created_at, locale, 'seconds'),
  };
}

function figure(
  exact: string | null,
  asset: string,
  precisions: Precisions,
  locale: string,
): AvailableFigure | null {
  return exact === null
    ? null
    : { exact, shown: formatAmount(exact, asset, precisions, locale, 'down') };
}

export function spotView(view: ClientView, symbol: string, locale: string): SpotView {
  const rules = view.spotRules[symbol];
  const { base, quote } = assetsOf(symbol, rules);
  const ticker = view.tickers[symbol];
  const last = ticker?.last ?? null;
  const { precisions } = view;
  const baseFigure = figure(availableOf(view.balances, spotWallet, base), base, precisions, locale);
  const quoteFigure = figure(
    availableOf(view.balances, spotWallet, quote),
    quote,
    precisions,
    locale,
  );
  const orders = Object.values(view.spotOrders.byId)
    .filter((order) => order.symbol === symbol)
    .sort((a, b) => b.id - a.id)
    .map((order) => orderRow(order, rules, precisions, locale));
  return {
    symbol,
    rules: rules ?? null,
    last,
    lastShown: formatMarketPrice(last, symbol, precisions, locale),
    trend: ticker?.trend ?? 0,
    simulated: ticker?.feed === 'simulated',
    loggedIn: view.session.loggedIn,
    available: baseFigure && quoteFigure ? { base: baseFigure, quote: quoteFigure } : null,
    orders,
  };
}

export const spotLiveView = defineView<SpotView, { symbol: string }>({
  everyMs: liveEveryMs,
  source: (view, { symbol }) => [
    view.spotRules,
    view.precisions,
    view.spotOrders.byId,
    view.balances,
    view.tickers[symbol],
    view.session,
  ],
  // The trade form checks prices against the market's current (last) price.
  channels: ({ symbol }) => [channelName.ticker(symbol)],
  load: (_params, context) => void refreshSpot(context),
  // Private frames sent while the socket was down are gone, and a new session has its own orders.
  reloadOn: ['reconnect', 'signIn'],
  payload: (view, { symbol }, locale) => spotView(view, symbol, locale),
});
