// The leverage and margin type a user chose for a perpetual market through the Binance-compatible
// door (`POST /fapi/v1/leverage`, `/fapi/v1/marginType`; docs/api-binance.md § "Perpetuals"): the
// app's own orders each carry theirs, Binance's name neither, so the door keeps the choice here,
// one row per user and market, for the orders placed after it.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table contract_chosen_terms (
    user_id integer not null references users(id),
    symbol text not null,
    leverage integer check (leverage between 1 and 1000),
    margin_mode text check (margin_mode in ('isolated', 'cross')),
    updated_at timestamptz not null default now(),
    primary key (user_id, symbol)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contract_chosen_terms`.execute(db);
}
