// Every live view the UI can watch, by name: one line each. A view is defined once, in its
// domain's `views.ts` (source, channels, loads, payload).
import { aiBoardLiveView, aiOrderLiveView, aiProductLiveView } from './ai/views.ts';
import {
  contractBoardLiveView,
  contractBookLiveView,
  contractTradeLiveView,
  contractTradesLiveView,
} from './contract/views.ts';
import { connectionView, screenView } from './kernel/screen-views.ts';
import {
  bookLiveView,
  chartLiveView,
  figuresListView,
  marketListView,
  tradesLiveView,
} from './market/views.ts';
import { optionRatesLiveView, optionTradeLiveView } from './option/views.ts';
import { spotLiveView } from './spot/views.ts';
import { subscriptionBuyLiveView } from './subscription/views.ts';
import { supportLiveView } from './support/views.ts';

export const views = {
  connection: connectionView,
  all: screenView,
  market: marketListView,
  figures: figuresListView,
  chart: chartLiveView,
  book: bookLiveView,
  trades: tradesLiveView,
  spot: spotLiveView,
  contractBoard: contractBoardLiveView,
  contract: contractTradeLiveView,
  contractBook: contractBookLiveView,
  contractTrades: contractTradesLiveView,
  optionRates: optionRatesLiveView,
  option: optionTradeLiveView,
  subscriptionBuy: subscriptionBuyLiveView,
  aiBoard: aiBoardLiveView,
  aiProduct: aiProductLiveView,
  aiOrder: aiOrderLiveView,
  support: supportLiveView,
};
