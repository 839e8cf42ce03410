// Spot's events for the door's user data streams (docs/api-binance.md § "User data streams"): after
// each commit, for every user it touched whose stream is open somewhere (`watched`), the trade ids
// and client order ids are read and the user's `executionReport`s and `outboundAccountPosition`
// published, in commit order. Users nobody watches cost nothing but the check.
import type { DoorEvents } from '../binance/user-events.ts';
import type { Db } from '../db/database.ts';
import { clientIdsOf } from './binance-client-ids.ts';
import { type ReportLookups, userEvents } from './binance-execution-reports.ts';
import type { Committed } from './market-writer.ts';

/** Commits waiting for their lookups past which new ones are dropped: events are news, not records. */
const maxPending = 1_000;

export function spotUserEvents(
  db: Db,
  events: DoorEvents,
  log: { warn(details: object, message: string): void },
): (committed: Committed) => void {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  return (committed) => {
    const touched = [
      ...committed.orders.map((row) => row.user_id),
      ...committed.balances.map((change) => change.userId),
    ];
    const users = [...new Set(touched)].filter((userId) => events.watched(userId));
    if (users.length === 0) return;
    if (pending >= maxPending) {
      log.warn({ pending }, 'user stream events dropped: lookups are behind');
      return;
    }
    pending += 1;
    queue = queue
      .then(async () => {
        for (const userId of users) {
          const lookups = await lookupsFor(db, committed, userId);
          for (const event of userEvents(committed, userId, lookups)) {
            events.publish(userId, 'api', event);
          }
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'user stream events not published'))
      .finally(() => {
        pending -= 1;
      });
  };
}

async function lookupsFor(db: Db, committed: Committed, userId: number): Promise<ReportLookups> {
  const mine = committed.orders.filter((row) => row.user_id === userId).map((row) => row.id);
  const [clientIds, tradeIds] = await Promise.all([
    clientIdsOf(db, userId, mine),
    tradeIdsOf(db, committed),
  ]);
  return { clientIds, tradeIds };
}

/**
 * The id of each of the commit's fills. A taker order trades only in the command that placed it, so
 * its trades in the table are exactly its fills in this commit, in the same order.
 */
async function tradeIdsOf(db: Db, committed: Committed): Promise<(number | undefined)[]> {
  if (committed.fills.length === 0) return [];
  const takers = [...new Set(committed.fills.map((fill) => fill.takerOrderId))];
  const rows = await db
    .selectFrom('spot_trades')
    .select(['id', 'taker_order_id'])
    .where('taker_order_id', 'in', takers)
    .orderBy('id')
    .execute();
  const byTaker = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byTaker.get(Number(row.taker_order_id)) ?? [];
    ids.push(Number(row.id));
    byTaker.set(Number(row.taker_order_id), ids);
  }
  const seen = new Map<number, number>();
  return committed.fills.map((fill) => {
    const n = seen.get(fill.takerOrderId) ?? 0;
    seen.set(fill.takerOrderId, n + 1);
    return byTaker.get(fill.takerOrderId)?.[n];
  });
}
