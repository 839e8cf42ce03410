// Perpetuals' events for the door's user data streams (docs/api-binance.md § "User data streams"):
// after each commit, for every user it touched whose stream is open somewhere (`watched`), the
// trade ids and client order ids are read and the user's `ORDER_TRADE_UPDATE`s and
// `ACCOUNT_UPDATE` published on the `fapi` family, in commit order. Users nobody watches cost
// nothing but the check.
import type { DoorEvents } from '../binance/user-events.ts';
import type { Db } from '../db/database.ts';
import { type UsdmLookups, usdmUserEvents } from './binance-account-events.ts';
import { clientOrderIdsOf } from './binance-client-ids.ts';
import type { ContractCommitted, ContractEngine } from './contract-engine.ts';
import { contractFrames } from './private-frames.ts';

/** Commits waiting for their lookups past which new ones are dropped: events are news, not records. */
const maxPending = 1_000;

export function usdmEventsPublisher(
  db: Db,
  events: DoorEvents,
  engineOf: () => ContractEngine | undefined,
  log: { warn(details: object, message: string): void },
): (committed: ContractCommitted) => void {
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  return (committed) => {
    const engine = engineOf();
    if (!engine) return;
    const touched = [
      ...[...committed.effects.orders.values()].map((order) => order.userId),
      ...[...committed.effects.positions.values()].map((position) => position.userId),
      ...committed.balances.map((change) => change.userId),
    ];
    const users = [...new Set(touched)].filter((userId) => events.watched(userId));
    if (users.length === 0) return;
    if (pending >= maxPending) {
      log.warn({ pending }, 'user stream events dropped: lookups are behind');
      return;
    }
    // The views are taken now, at the commit's marks, not when the lookups answer.
    const frames = contractFrames(engine, committed).filter((frame) =>
      users.includes(frame.userId),
    );
    pending += 1;
    queue = queue
      .then(async () => {
        const tradeIds = await tradeIdsOf(db, committed);
        for (const userId of users) {
          const lookups: UsdmLookups = { tradeIds, clientIds: await clientIdsFor(userId) };
          for (const event of usdmUserEvents(engine, committed, frames, userId, lookups)) {
            events.publish(userId, 'fapi', event);
          }
        }
      })
      .catch((error: unknown) => log.warn({ err: error }, 'user stream events not published'))
      .finally(() => {
        pending -= 1;
      });

    function clientIdsFor(userId: number) {
      const mine = [...committed.effects.orders.values()]
        .filter((order) => order.userId === userId)
        .map((order) => order.id);
      return clientOrderIdsOf(db, userId, mine);
    }
  };
}

/**
 * The id of each of the commit's fills. A taker order trades only in the command that placed it
 * (or triggered it), so its rows in `contract_fills` are exactly its fills in this commit, in order.
 */
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
  const byTaker = new Map<number, number[]>();
  for (const row of rows) {
    const ids = byTaker.get(Number(row.taker_order_id)) ?? [];
    ids.push(Number(row.id));
    byTaker.set(Number(row.taker_order_id), ids);
  }
  const seen = new Map<number, number>();
  return fills.map((fill) => {
    const n = seen.get(fill.takerOrderId) ?? 0;
    seen.set(fill.takerOrderId, n + 1);
    return byTaker.get(fill.takerOrderId)?.[n];
  });
}
