// Everything the screen is drawn from, as one pure fold of the event log.
import type { LoggedEvent } from '../event-log.ts';
import { type BalancesState, foldBalances, initialBalances } from './balances.ts';
import { type BooksView, foldBooks, initialBooks } from './books.ts';
import { type CandlesView, foldCandles, initialCandles } from './candles.ts';
import { type ConnectionView, foldConnection, initialConnection } from './connection.ts';
import { foldHome, type HomeView, initialHome } from './home.ts';
import { foldSession, initialSession, type SessionView } from './session.ts';
import { foldSpotOrders, initialSpotOrders, type SpotOrdersView } from './spot-orders.ts';
import { foldSpotRules, initialSpotRules, type SpotRulesView } from './spot-rules.ts';
import { foldSupport, initialSupport, type SupportView } from './support.ts';
import { foldTickers, initialTickers, type TickersView } from './tickers.ts';
import { foldTrades, initialTrades, type TradesView } from './trades.ts';

export interface ClientView {
  /** The last event folded in, 0 before any. */
  seq: number;
  connection: ConnectionView;
  tickers: TickersView;
  books: BooksView;
  trades: TradesView;
  candles: CandlesView;
  home: HomeView;
  session: SessionView;
  spotRules: SpotRulesView;
  spotOrders: SpotOrdersView;
  balances: BalancesState;
  support: SupportView;
}

export const initialClientView: ClientView = {
  seq: 0,
  connection: initialConnection,
  tickers: initialTickers,
  books: initialBooks,
  trades: initialTrades,
  candles: initialCandles,
  home: initialHome,
  session: initialSession,
  spotRules: initialSpotRules,
  spotOrders: initialSpotOrders,
  balances: initialBalances,
  support: initialSupport,
};

export function foldClientView(state: ClientView, event: LoggedEvent): ClientView {
  const connection = foldConnection(state.connection, event);
  const tickers = foldTickers(state.tickers, event);
  const books = foldBooks(state.books, event);
  const trades = foldTrades(state.trades, event);
  const candles = foldCandles(state.candles, event);
  const home = foldHome(state.home, event);
  const session = foldSession(state.session, event);
  const spotRules = foldSpotRules(state.spotRules, event);
  const spotOrders = foldSpotOrders(state.spotOrders, event);
  const balances = foldBalances(state.balances, event);
  const support = foldSupport(state.support, event);
  return {
    seq: event.seq,
    connection,
    tickers,
    books,
    trades,
    candles,
    home,
    session,
    spotRules,
    spotOrders,
    balances,
    support,
  };
}

/** The view after the events up to `untilSeq` (all when omitted): what the debug scrubber shows. */
export function viewAt(
  events: readonly LoggedEvent[],
  untilSeq = Number.POSITIVE_INFINITY,
): ClientView {
  let view = initialClientView;
  for (const event of events) {
    if (event.seq > untilSeq) break;
    view = foldClientView(view, event);
  }
  return view;
}
