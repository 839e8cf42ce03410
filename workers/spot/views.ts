// The spot page's view, formatted in the worker for the current locale: the market's rules, its
// current price, the available balances, and the user's orders as rows.
import { formatPrice } from '../../core/price-format.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { isOpenOrder } from '../../core/projections/spot-orders.ts';
import type { SpotMarketRules, SpotOrder } from '../../schemas/api/spot.schema.ts';
import type { WalletName } from '../../schemas/api/wallet.schema.ts';
import { channelName } from '../../schemas/channels.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { defineView } from '../kernel/view.ts';
import { refreshSpot } from './loaders.ts';
import type { AvailableFigure, SpotOrderRow, SpotView } from './types.ts';

/** Spot trades settle in the funding account. */
export const spotWallet: WalletName = 'funding';

const shown = (value: string | null, locale: string) =>
  value === null ? '--' : formatPrice(value, { locale });

/** `BTCUSDT` → `BTC`, `USDT` when the rules are not known yet (every listed market is in USDT). */
export function assetsOf(symbol: string, rules: SpotMarketRules | undefined) {
  return rules
    ? { base: rules.base, quote: rules.quote }
    : { base: symbol.replace(/USDT$/, ''), quote: 'USDT' };
}

export function orderRow(
  order: SpotOrder,
  rules: SpotMarketRules | undefined,
  locale: string,
): SpotOrderRow {
  const { base, quote } = assetsOf(order.symbol, rules);
  const byTurnover = order.quantity === null;
  return {
    id: order.id,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    status: order.status,
    cancelReason: order.cancel_reason,
    open: isOpenOrder(order),
    priceShown: shown(order.price, locale),
    amountShown: shown(byTurnover ? order.turnover : order.quantity, locale),
    amountAsset: byTurnover ? quote : base,
    filledShown: formatPrice(order.filled_quantity, { locale }),
    avgPriceShown: shown(order.avg_price, locale),
    feeShown: formatPrice(order.fee, { locale }),
    feeAsset: order.fee_asset,
    time: formatTimestamp(order.created_at, locale, 'seconds'),
  };
}

function figure(exact: string | null, locale: string): AvailableFigure | null {
  return exact === null ? null : { exact, shown: formatPrice(exact, { locale }) };
}

export function spotView(view: ClientView, symbol: string, locale: string): SpotView {
  const rules = view.spotRules[symbol];
  const { base, quote } = assetsOf(symbol, rules);
  const ticker = view.tickers[symbol];
  const last = ticker?.last ?? null;
  const baseFigure = figure(availableOf(view.balances, spotWallet, base), locale);
  const quoteFigure = figure(availableOf(view.balances, spotWallet, quote), locale);
  const orders = Object.values(view.spotOrders.byId)
    .filter((order) => order.symbol === symbol)
    .sort((a, b) => b.id - a.id)
    .map((order) => orderRow(order, rules, locale));
  return {
    symbol,
    rules: rules ?? null,
    last,
    lastShown: last === null ? '--' : formatPrice(last, { locale }),
    trend: ticker?.trend ?? 0,
    simulated: ticker?.feed === 'simulated',
    loggedIn: view.session.loggedIn,
    available: baseFigure && quoteFigure ? { base: baseFigure, quote: quoteFigure } : null,
    orders,
  };
}

export const spotLiveView = defineView<SpotView, { symbol: string }>({
  source: (view, { symbol }) => [
    view.spotRules,
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
