// A spot order's client order id on the Binance-compatible door is its idempotency key
// (server/spot/binance-client-ids.ts). Listing orders with their client ids reads the keys by the
// order id inside their stored answer: indexed here for the calls whose answer is one spot order,
// so the lookup does not read every key a user ever sent.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create index idempotency_keys_spot_order_idx on idempotency_keys ((response->>'id'))
    where path in ('/api/v3/order', '/spot/order', '/wallet/small-balances/convert')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index idempotency_keys_spot_order_idx').execute(db);
}
