// Everything the screen is drawn from, as one pure fold of the event log: a record of the
// projections' folds, each event routed to the handlers of its type. A new projection is one line.
import type { LoggedEvent } from '../event-log.ts';
import type { ClientEvent, EventType } from '../events.ts';
import { accountFold } from './account.ts';
import { aiFold } from './ai.ts';
import { balancesFold } from './balances.ts';
import { booksFold, contractBooksFold } from './books.ts';
import { callsFold } from './calls.ts';
import { candlesFold } from './candles.ts';
import { connectionFold } from './connection.ts';
import { contentFold } from './content.ts';
import { contractFold } from './contract.ts';
import { contractRecordsFold } from './contract-records.ts';
import { homeFold } from './home.ts';
import { identityFold } from './identity.ts';
import { marketSectionsFold } from './market-sections.ts';
import { notificationsFold } from './notifications.ts';
import { optionFold } from './option.ts';
import { optionRecordsFold } from './option-records.ts';
import { precisionsFold } from './precisions.ts';
import { sessionFold } from './session.ts';
import { spotFillsFold } from './spot-fills.ts';
import { spotOrdersFold } from './spot-orders.ts';
import { spotRulesFold } from './spot-rules.ts';
import { subscriptionFold } from './subscription.ts';
import { supportFold } from './support.ts';
import { tickersFold } from './tickers.ts';
import { contractTradesFold, tradesFold } from './trades.ts';
import { walletFold } from './wallet.ts';

export const clientFolds = {
  connection: connectionFold,
  calls: callsFold,
  session: sessionFold,
  account: accountFold,
  identity: identityFold,
  tickers: tickersFold,
  marketSections: marketSectionsFold,
  books: booksFold,
  trades: tradesFold,
  candles: candlesFold,
  home: homeFold,
  spotRules: spotRulesFold,
  precisions: precisionsFold,
  spotOrders: spotOrdersFold,
  spotFills: spotFillsFold,
  contract: contractFold,
  contractRecords: contractRecordsFold,
  contractBooks: contractBooksFold,
  contractTrades: contractTradesFold,
  option: optionFold,
  optionRecords: optionRecordsFold,
  subscription: subscriptionFold,
  ai: aiFold,
  balances: balancesFold,
  wallet: walletFold,
  content: contentFold,
  support: supportFold,
  notifications: notificationsFold,
};

type Folds = typeof clientFolds;
type Part = keyof Folds;

export type ClientView = { readonly seq: number } & {
  readonly [K in Part]: Folds[K]['initial'];
};

/** The API and socket events no fold of a record reads. */
export type UnreadBy<F extends Record<string, { on: object }>> = Exclude<
  Extract<ClientEvent, { source: 'api' | 'socket' }>['type'],
  { [K in keyof F]: keyof F[K]['on'] }[keyof F]
>;
/**
 * Every answer and frame the client logs is read by a projection, so a replay shows all the user
 * saw: an event of the API or the socket that no fold reads fails to type-check here. (Intents
 * may be logged for the story alone.)
 */
const everyAnswerIsFolded: [UnreadBy<Folds>] extends [never] ? true : UnreadBy<Folds> = true;
void everyAnswerIsFolded;

export const initialClientView = Object.fromEntries([
  ['seq', 0],
  ...Object.entries(clientFolds).map(([part, fold]) => [part, fold.initial]),
]) as ClientView;

type AnyHandler = (state: unknown, event: LoggedEvent) => unknown;

/** For each event type, the parts that read it and how. */
const routes = new Map<EventType, { part: Part; handler: AnyHandler }[]>();
for (const [part, fold] of Object.entries(clientFolds) as [Part, Folds[Part]][]) {
  for (const [type, handler] of Object.entries(fold.on) as [EventType, AnyHandler][]) {
    const readers = routes.get(type) ?? [];
    readers.push({ part, handler });
    routes.set(type, readers);
  }
}

export function foldClientView(state: ClientView, event: LoggedEvent): ClientView {
  const next: Record<string, unknown> = { ...state, seq: event.seq };
  for (const { part, handler } of routes.get(event.type) ?? []) {
    next[part] = handler(state[part], event);
  }
  return next as ClientView;
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
