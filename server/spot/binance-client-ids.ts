// A spot order's client order id on the Binance-compatible door is the idempotency key it was
// placed with (docs/api-binance.md § "Spot trading"): the door's `newClientOrderId`, or the app's
// `Idempotency-Key` header. The key is stored with the order's answer in the writer's own batch
// transaction (server/engine/group-commit.ts `storeKeys`), so the two never disagree and no
// column of `spot_orders` repeats it. Read here both ways: a client id to its order, through the
// keys' primary key, and orders to their client ids, through the index of migration 0031.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The door's path for placing an order: what its keys are stored under. */
export const doorOrderPath = '/api/v3/order';

/**
 * The calls whose keys name one spot order each (their answer is the order): the door's, the
 * app's `/spot/order`, and the sales of small balances. Migration 0031 indexes exactly these;
 * a path added here needs its index too.
 */
const orderKeyPaths = sql.raw(
  `('${doorOrderPath}', '/spot/order', '/wallet/small-balances/convert')`,
);

/** Binance's form of a client order id. */
export const clientOrderIdPattern = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/** A client order id for an order sent without one, as Binance makes one: 22 characters. */
export function newClientOrderId(): string {
  return randomBytes(16).toString('base64url');
}

/** The id of the user's order placed under `clientOrderId`, if there is one. */
export async function orderIdOfClientId(
  db: Db,
  userId: number,
  clientOrderId: string,
): Promise<number | undefined> {
  const { rows } = await sql<{ order_id: string | null }>`
    select response->>'id' as order_id from idempotency_keys
    where user_id = ${userId} and key = ${clientOrderId} and path in ${orderKeyPaths}`.execute(db);
  const id = Number(rows[0]?.order_id ?? Number.NaN);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The client order ids of the user's orders among `orderIds`; an order placed without a key has none. */
export async function clientIdsOf(
  db: Db,
  userId: number,
  orderIds: readonly (string | number)[],
): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await sql<{ key: string; order_id: string }>`
    select key, response->>'id' as order_id from idempotency_keys
    where path in ${orderKeyPaths} and response->>'id' = any(${orderIds.map(String)}::text[])
      and user_id = ${userId}`.execute(db);
  return new Map(rows.map((row) => [Number(row.order_id), row.key]));
}
