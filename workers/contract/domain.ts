// The perpetual contracts as the worker loads them, when a page first calls or watches them
// (workers/kernel/deferred.ts): the domain and its views by name.
import {
  contractBoardLiveView,
  contractBookLiveView,
  contractTradeLiveView,
  contractTradesLiveView,
} from './views.ts';

export { contractDomain as domain } from './handlers.ts';

export const views = {
  contractBoard: contractBoardLiveView,
  contract: contractTradeLiveView,
  contractBook: contractBookLiveView,
  contractTrades: contractTradesLiveView,
};
