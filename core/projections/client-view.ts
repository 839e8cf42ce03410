// Everything the screen is drawn from, as one pure fold of the event log.
import type { LoggedEvent } from '../event-log.ts';
import { type ConnectionView, foldConnection, initialConnection } from './connection.ts';
import { foldSession, initialSession, type SessionView } from './session.ts';
import { foldTickers, initialTickers, type TickersView } from './tickers.ts';

export interface ClientView {
  /** The last event folded in, 0 before any. */
  seq: number;
  connection: ConnectionView;
  tickers: TickersView;
  session: SessionView;
}

export const initialClientView: ClientView = {
  seq: 0,
  connection: initialConnection,
  tickers: initialTickers,
  session: initialSession,
};

export function foldClientView(state: ClientView, event: LoggedEvent): ClientView {
  const connection = foldConnection(state.connection, event);
  const tickers = foldTickers(state.tickers, event);
  const session = foldSession(state.session, event);
  return { seq: event.seq, connection, tickers, session };
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
