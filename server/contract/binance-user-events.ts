// Perpetuals' events for the door's user data streams (docs/api-binance.md § "User data streams"):
// after each commit, for every user it touched whose stream is open somewhere (`watched`), the
// trade ids and client order ids are read and the user's `ORDER_TRADE_UPDATE`s and
// `ACCOUNT_UPDATE` published on the `fapi` family, in commit order. Users nobody watches cost
// nothing but the check.
import { fillIds, userEventQueue } from '../binance/user-event-queue.ts';
import type { DoorEvents } from '../binance/user-events.ts';
import type { Db } from '../db/database.ts';
import { usdmUserEvents } from './binance-account-events.ts';
import { clientOrderIdsOf } from './binance-client-ids.ts';
import type { ContractCommitted, ContractEngine } from './contract-engine.ts';
import { contractFrames } from './private-frames.ts';

export function usdmEventsPublisher(
  db: Db,
  events: DoorEvents,
  engineOf: () => ContractEngine | undefined,
  log: { warn(details: object, message: string): void },
): (committed: ContractCommitted) => void {
  const enqueue = userEventQueue(log);
  return (committed) => {
    const engine = engineOf();
    if (!engine) return;
    const { orders, positions } = committed.effects;
    const touched = [
      ...[...orders.values()].map((order) => order.userId),
      ...[...positions.values()].map((position) => position.userId),
      ...committed.balances.map((change) => change.userId),
    ];
    const users = [...new Set(touched)].filter((userId) => events.watched(userId));
    if (users.length === 0) return;
    // The views are taken now, at the commit's marks, not when the lookups answer.
    const frames = contractFrames(engine, committed).filter((frame) =>
      users.includes(frame.userId),
    );
    enqueue(async () => {
      const tradeIds = await tradeIdsOf(db, committed);
      for (const userId of users) {
        const mine = [...orders.values()].filter((o) => o.userId === userId).map((o) => o.id);
        const clientIds = await clientOrderIdsOf(db, userId, mine);
        for (const event of usdmUserEvents(engine, committed, frames, userId, {
          tradeIds,
          clientIds,
        })) {
          events.publish(userId, 'fapi', event);
        }
      }
    });
  };
}

/** The id of each of the commit's fills (server/binance/user-event-queue.ts `fillIds`). */
async function tradeIdsOf(db: Db, committed: ContractCommitted): Promise<(number | undefined)[]> {
  const { fills } = committed.effects;
  if (fills.length === 0) return [];
  const takers = [...new Set(fills.map((fill) => fill.takerOrderId))];
  const rows = await db
    .selectFrom('contract_fills')
    .select(['id', 'taker_order_id'])
    .where('taker_order_id', 'in', takers)
    .orderBy('id')
    .execute();
  return fillIds(rows, fills);
}
