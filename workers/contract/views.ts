// The perpetual pages' live views, formatted in the worker for the current locale: the futures
// board (tickers, marks, funding), a market's trade page (its prices and funding, the contract
// wallet, and the user's positions and resting orders in every market), and the perpetual's own
// order book and trades, drawn as a spot market's are.

import { formatAmount, formatMarketPrice, noPrecisions } from '../../core/figures.ts';
import { availableOf } from '../../core/projections/balances.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { restingOrders } from '../../core/projections/contract-open-orders.ts';
import { openPositions } from '../../core/projections/contract-positions.ts';
import { closedLine } from '../../core/projections/contract-records.ts';
import { channelName } from '../../schemas/channels.ts';
import { defineView, liveEveryMs } from '../kernel/view.ts';
import { liveBookView, liveTradesView } from '../market/views.ts';
import { percent, price, signedPercent, timeOf } from './format.ts';
import { loadContractTrades, refreshContract } from './loaders.ts';
import { contractWallet, orderRow, positionRow, settlementAsset } from './rows.ts';
import type {
  ContractBoardRow,
  ContractBoardView,
  ContractMarketFacts,
  ContractTradeView,
  EndedPositionRow,
} from './types.ts';

/** The futures list names its markets: `BTCUSDT,ETHUSDT` (a view's parameters are plain values). */
type Board = { symbols: string };

const symbolsOf = ({ symbols }: Board) => symbols.split(',').filter(Boolean);

function boardView(view: ClientView, params: Board, locale: string): ContractBoardView {
  const rows: ContractBoardRow[] = [];
  let simulated = false;
  for (const symbol of symbolsOf(params)) {
    const ticker = view.tickers[symbol];
    const marks = view.contract.marks[symbol];
    if (!ticker) continue;
    simulated ||= ticker.feed === 'simulated';
    rows.push({
      symbol,
      last: formatMarketPrice(ticker.last, symbol, view.precisions, locale),
      mark: formatMarketPrice(marks?.mark ?? null, symbol, view.precisions, locale),
      change: signedPercent(ticker.changePct, locale),
      fundingRate: marks ? percent(marks.fundingRate, 4, locale, true) : '--',
      nextFunding: marks ? timeOf(marks.nextFundingTime) : null,
      trend: ticker.trend,
    });
  }
  return { rows, simulated };
}

export const contractBoardLiveView = defineView<ContractBoardView, Board>({
  source: (view) => [view.tickers, view.contract.marks, view.precisions],
  channels: (params) => symbolsOf(params).map(channelName.mark),
  payload: (view, params, locale) => boardView(view, params, locale),
});

function facts(view: ClientView, symbol: string): ContractMarketFacts | null {
  const market = view.contract.markets[symbol];
  if (!market) return null;
  return {
    base: market.base,
    quote: market.quote,
    priceScale: market.price_scale,
    quantityScale: market.quantity_scale,
    maxLeverage: market.max_leverage,
    tickSize: market.tick_size,
    lotSize: market.lot_size,
    minNotional: market.min_notional,
  };
}

/** The market's setting while a position or a resting opening order holds it. */
function heldSettings(view: ClientView, symbol: string): ContractTradeView['settings'] {
  const position = openPositions(view.contract.positions).find((p) => p.symbol === symbol);
  if (position) {
    return { leverage: position.leverage, marginMode: position.margin_mode, hasPosition: true };
  }
  const opening = restingOrders(view.contract.orders, symbol).find((order) => !order.reduce_only);
  return opening
    ? { leverage: opening.leverage, marginMode: opening.margin_mode, hasPosition: false }
    : null;
}

function endedRows(view: ClientView): EndedPositionRow[] {
  return view.contract.positions.closed.map(({ position, at }) => ({
    id: position.id,
    symbol: position.symbol,
    direction: position.direction,
    leverage: position.leverage,
    reason: closedLine(view.contractRecords, position.id)?.close_reason ?? null,
    closedAt: at,
  }));
}

export function tradeView(view: ClientView, symbol: string, locale: string): ContractTradeView {
  const { contract } = view;
  const market = facts(view, symbol);
  const ticker = view.tickers[symbol];
  const marks = contract.marks[symbol];
  const available = availableOf(view.balances, contractWallet, settlementAsset);
  return {
    symbol,
    market,
    last: price(ticker?.last ?? null, market?.priceScale, locale),
    trend: ticker?.trend ?? 0,
    mark: price(marks?.mark ?? null, market?.priceScale, locale),
    markExact: marks?.mark ?? null,
    index: price(marks?.index ?? null, market?.priceScale, locale),
    fundingRate: marks ? percent(marks.fundingRate, 4, locale, true) : '--',
    nextFunding: marks ? timeOf(marks.nextFundingTime) : null,
    stale: marks?.stale ?? false,
    simulated: ticker?.feed === 'simulated',
    loggedIn: view.session.loggedIn,
    available:
      available === null
        ? null
        : {
            exact: available,
            shown: formatAmount(available, settlementAsset, noPrecisions, locale, 'down'),
          },
    settings: heldSettings(view, symbol),
    positions: openPositions(contract.positions).map((position) =>
      positionRow(position, contract, view.balances, locale),
    ),
    ended: endedRows(view),
    orders: restingOrders(contract.orders).map((order) =>
      orderRow(order, contract.markets[order.symbol], locale),
    ),
    finishedOrders: contract.orders.finished
      .toReversed()
      .map((order) => orderRow(order, contract.markets[order.symbol], locale)),
  };
}

export const contractTradeLiveView = defineView<ContractTradeView, { symbol: string }>({
  everyMs: liveEveryMs,
  source: (view, { symbol }) => [
    view.contract,
    view.contractRecords.closed,
    view.balances,
    view.tickers[symbol],
    view.session,
  ],
  // The trade page shows its market's last price and mark, and reckons a market order through its
  // book; the positions' own markets' marks are held while any position is open (loaders.ts). The
  // user's orders come on the private `contract-orders`, held while signed in (handlers.ts).
  channels: ({ symbol }) => [
    channelName.ticker(symbol),
    channelName.mark(symbol),
    channelName['contract-depth'](symbol),
  ],
  load: (_params, context) => void refreshContract(context),
  // Private frames sent while the socket was down are gone, and a new session has its own positions.
  reloadOn: ['reconnect', 'signIn'],
  payload: (view, { symbol }, locale) => tradeView(view, symbol, locale),
});

/** The perpetual's own order book and trades, beside the trade page's form. */
export const contractBookLiveView = liveBookView(
  (view) => view.contractBooks,
  channelName['contract-depth'],
);
export const contractTradesLiveView = liveTradesView(
  (view) => view.contractTrades,
  channelName['contract-trades'],
  loadContractTrades,
);
