// The public spot book and trades over the bus, where the spot markets are spread over the nodes.
// Each market's writer runs on the node holding its lease (`spot:<SYMBOL>`), while the public book
// and trades channels are served from the `MarketState` of the node running the market data
// (`server/market/market-service.ts`). The writer's node publishes every committed change of its
// book (`publishSpotBook`); the market data's node applies them (`followSpotBooks`), as the writer
// once did in-process: the trades first, then the levels.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { UnitLevel } from '../market/depth-book.ts';
import type { MarketState } from '../market/market-state.ts';
import type { UnitTrade } from '../market/recent-trades.ts';

/** Subject under the cluster scope. */
export const spotBookSubject = 'spot.book';

export interface SpotBookChange {
  symbol: string;
  /** The lease epoch the writer's node holds the market at: a change from an older epoch is dropped. */
  epoch: number;
  /** `snapshot` replaces each side's levels (a rebuilt book); `update` changes the levels named. */
  kind: 'snapshot' | 'update';
  /** Price ticks and quantity units; a quantity of 0 is a level gone. */
  bids: readonly UnitLevel[];
  asks: readonly UnitLevel[];
  /** The change's trades, oldest first. */
  trades: readonly UnitTrade[];
}

/** The most of each list one message may carry: a follower refuses a larger one. */
const maxItems = 10_000;

/**
 * The most trades and levels together the publisher puts in one message. A trade takes under 100
 * bytes of JSON, so a message stays well under NATS's default limit of 1 MB on its payload.
 */
export const itemsPerMessage = 5_000;

/** Ticks, units and milliseconds: whole numbers a double holds exactly. */
const whole = z.number().int().nonnegative();

const relayedChange = z.object({
  symbol: z.string().min(1).max(64),
  epoch: whole,
  kind: z.enum(['snapshot', 'update']),
  bids: z.array(z.tuple([whole, whole])).max(maxItems),
  asks: z.array(z.tuple([whole, whole])).max(maxItems),
  trades: z
    .array(z.object({ price: whole, quantity: whole, side: z.enum(['buy', 'sell']), ts: whole }))
    .max(maxItems),
});

/**
 * Publishes one committed change of a market's book. Never throws: it is called on the writer's
 * commit, which a failing bus must not fail (the warning says which market's public book may lag).
 * The change's lists are handed over as they are and are not to be changed afterwards.
 */
export function publishSpotBook(bus: Bus, change: SpotBookChange, log: BusLog): void {
  try {
    for (const message of messagesOf(change)) bus.publish(spotBookSubject, message);
  } catch (error) {
    log.warn(
      { err: error, subject: spotBookSubject, symbol: change.symbol },
      'spot book change not published',
    );
  }
}

/**
 * A change cut into messages a follower accepts. A book deeper than one message (a rebuilt book's
 * every level) goes as its first part, with the change's kind, and the rest as updates at the same
 * epoch: applied in order they leave the very same book, where a single message too large would be
 * refused and leave the public book wrong until the next rebuild.
 */
function messagesOf(change: SpotBookChange): SpotBookChange[] {
  const { trades, bids, asks } = change;
  if (trades.length + bids.length + asks.length <= itemsPerMessage) return [change];
  const messages: SpotBookChange[] = [];
  // Trades, then bids, then asks, as one run of items cut every `itemsPerMessage`: every trade
  // still goes before the levels that follow it.
  const total = trades.length + bids.length + asks.length;
  for (let from = 0; from < total; from += itemsPerMessage) {
    const to = from + itemsPerMessage;
    messages.push({
      symbol: change.symbol,
      epoch: change.epoch,
      kind: from === 0 ? change.kind : 'update',
      trades: trades.slice(from, to),
      bids: bids.slice(Math.max(0, from - trades.length), Math.max(0, to - trades.length)),
      asks: asks.slice(
        Math.max(0, from - trades.length - bids.length),
        Math.max(0, to - trades.length - bids.length),
      ),
    });
  }
  return messages;
}

/** On the market data's node: applies each change heard to its market's state; answers the function that stops. */
export function followSpotBooks(
  bus: Bus,
  market: { market(symbol: string): MarketState | undefined },
  log: BusLog,
): () => void {
  /** The highest lease epoch heard of each market. */
  const epochs = new Map<string, number>();
  return listen(bus, spotBookSubject, relayedChange, log, (change) => {
    const state = market.market(change.symbol);
    // A market this node does not list (another version's catalogue during an upgrade).
    if (!state) return;
    const known = epochs.get(change.symbol);
    // From a node that held the market before its lease moved on: its book is no longer the
    // market's. Dropped quietly, as expected for a moment after every move. A newer epoch's first
    // message is its writer's rebuilt snapshot, which the bus brings before that writer's updates.
    if (known !== undefined && change.epoch < known) return;
    epochs.set(change.symbol, change.epoch);
    try {
      // The feed's book and trades are shown until the exchange's own book is first heard.
      // biome-ignore lint/correctness/useHookAtTopLevel: a method of the market's state, not a React hook.
      if (!state.exchangeBook) state.useExchangeBook();
      for (const trade of change.trades) state.exchangeTrade(trade);
      state.exchangeDepth(change.kind, change.bids, change.asks);
    } catch (error) {
      // In-process, this runs inside the writer's commit: nothing here may throw into it.
      log.warn(
        { err: error, subject: spotBookSubject, symbol: change.symbol },
        'spot book change not applied',
      );
    }
  });
}
