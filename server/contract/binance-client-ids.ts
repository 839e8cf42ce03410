// `newClientOrderId` on the door is the app's idempotency key for `/fapi/v1/order`: the engine
// keeps each keyed order's first answer under (user, key) in `idempotency_keys`, in the batch that
// placed it, and answers a retry with it (server/engine/group-commit.ts). So the door needs no
// table of its own to tell a client id's order, or an order's client id: both are that row.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database.ts';

/** The path the door's orders are kept under, as Binance spells it. */
export const orderPath = '/fapi/v1/order';

/** Binance's rule for a client order id. */
export const clientOrderIdPattern = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * The idempotency key of a door order: the client id under a prefix of the door's own, so that a
 * bot's ids and the app's `Idempotency-Key`s (which a user also chooses) stay apart.
 */
export function orderKey(clientOrderId: string): string {
  return `usdm-order:${clientOrderId}`;
}

/** A client id for an order sent without one, as Binance makes one up (22 characters). */
export function newClientOrderId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

const keptOrder = z.object({ id: z.coerce.number().int().positive() });

/** The order the user placed through the door under `clientOrderId`; undefined when none. */
export async function orderIdOf(
  db: Db,
  userId: number,
  clientOrderId: string,
): Promise<number | undefined> {
  const { rows } = await sql<{ response: unknown }>`
    select response from idempotency_keys
    where user_id = ${userId} and key = ${orderKey(clientOrderId)} and path = ${orderPath}`.execute(
    db,
  );
  const response = rows[0]?.response;
  const parsed = keptOrder.safeParse(
    typeof response === 'string' ? JSON.parse(response) : response,
  );
  return parsed.success ? parsed.data.id : undefined;
}

/** The client ids of those of `orderIds` the user placed through the door, by order id. */
export async function clientOrderIdsOf(
  db: Db,
  userId: number,
  orderIds: readonly number[],
): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const prefix = orderKey('');
  const { rows } = await sql<{ key: string; id: string }>`
    select key, response->>'id' as id from idempotency_keys
    where user_id = ${userId} and path = ${orderPath} and starts_with(key, ${prefix})
      and response->>'id' = any(${orderIds.map(String)}::text[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), row.key.slice(prefix.length)]));
}
