// Listen keys of the Binance-compatible door's user data streams (docs/api-binance.md § "User
// data streams"): each is made with an API key, for one door family (`api` for `/api/v3`, `fapi`
// for `/fapi/v1`), and lives 60 minutes from its last keepalive. Kept in the database so that a
// stream opened on one node is kept alive or closed through another.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table listen_keys (
    listen_key text primary key check (char_length(listen_key) = 64),
    api_key_id bigint not null references api_keys(id),
    user_id integer not null references users(id),
    family text not null check (family in ('api', 'fapi')),
    expires_at timestamptz not null,
    closed_at timestamptz
  )`,
  // One open key per API key and family: making one again answers it, as Binance does.
  `create unique index listen_keys_open_idx on listen_keys (api_key_id, family)
    where closed_at is null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table listen_keys`.execute(db);
}
