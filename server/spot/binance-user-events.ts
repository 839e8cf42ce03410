// Spot's events for the door's user data streams (docs/api-binance.md § "User data streams"): after
// each commit, for every user it touched whose stream is open somewhere (`watched`), the trade ids
// and client order ids are read and the user's `executionReport`s and `outboundAccountPosition`
// published, in commit order. Users nobody watches cost nothing but the check.
import { fillIds, userEventQueue } from '../binance/user-event-queue.ts';
import type { DoorEvents } from '../binance/user-events.ts';
import type { Db } from '../db/database.ts';
import { clientIdsOf } from './binance-client-ids.ts';
import { userEvents } from './binance-execution-reports.ts';
import type { Committed } from './market-writer.ts';

export function spotUserEvents(
  db: Db,
  events: DoorEvents,
  log: { warn(details: object, message: string): void },
): (committed: Committed) => void {
  const enqueue = userEventQueue(log);
  return (committed) => {
    const touched = [
      ...committed.orders.map((row) => row.user_id),
      ...committed.balances.map((change) => change.userId),
    ];
    const users = [...new Set(touched)].filter((userId) => events.watched(userId));
    if (users.length === 0) return;
    enqueue(async () => {
      const tradeIds = await tradeIdsOf(db, committed);
      for (const userId of users) {
        const mine = committed.orders.filter((row) => row.user_id === userId).map((row) => row.id);
        const clientIds = await clientIdsOf(db, userId, mine);
        for (const event of userEvents(committed, userId, { tradeIds, clientIds })) {
          events.publish(userId, 'api', event);
        }
      }
    });
  };
}

/** The id of each of the commit's fills (server/binance/user-event-queue.ts `fillIds`). */
async function tradeIdsOf(db: Db, committed: Committed): Promise<(number | undefined)[]> {
  if (committed.fills.length === 0) return [];
  const takers = [...new Set(committed.fills.map((fill) => fill.takerOrderId))];
  const rows = await db
    .selectFrom('spot_trades')
    .select(['id', 'taker_order_id'])
    .where('taker_order_id', 'in', takers)
    .orderBy('id')
    .execute();
  return fillIds(rows, committed.fills);
}
