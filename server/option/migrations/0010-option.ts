// The second contract: the index prints every market records once a second (its opening and
// settlement prices, and the perpetuals' marks, are read from them); the contracts with the terms
// they were accepted on; the settlements, one for each group of contracts that share a market, an
// opening second and an expiry (the same two prints decide them all), with both prints and the
// outcome for up; and each user's own daily loss limit. A contract is settled when its group is,
// and its outcome and payout follow from its direction, stake and rate: no column holds the
// outcome of one contract. Amounts are decimal strings of the ledger's eight places.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table index_prints (
    symbol text not null,
    -- A whole second.
    ts timestamptz not null,
    price numeric(38, 8) not null check (price > 0),
    -- The sources whose prices made it; none when the index was stale.
    sources text[] not null,
    stale boolean not null,
    primary key (symbol, ts)
  )`,
  `create table option_contracts (
    id bigserial primary key,
    user_id integer not null references users(id),
    symbol text not null,
    direction text not null check (direction in ('up', 'down')),
    unit text not null check (unit in ('minute', 'hour', 'day')),
    length integer not null check (length > 0),
    stake numeric(38, 8) not null check (stake > 0),
    -- The payout rate published when it was accepted, parts per 10^6.
    rate_ppm integer not null check (rate_ppm between 0 and 10000000),
    accepted_at timestamptz not null,
    open_time timestamptz not null,
    expiry_time timestamptz not null,
    check (expiry_time > open_time and open_time >= accepted_at)
  )`,
  `create table option_settlements (
    id bigserial primary key,
    symbol text not null,
    open_time timestamptz not null,
    expiry_time timestamptz not null,
    -- The prints the rule read; null where none was fresh in time (the group is void).
    open_price numeric(38, 8),
    open_print_at timestamptz,
    settle_price numeric(38, 8),
    settle_print_at timestamptz,
    -- The outcome of an up contract; a down one's is its mirror (a refund or void is both's).
    up_outcome text not null check (up_outcome in ('win', 'lose', 'refund', 'void')),
    contracts integer not null check (contracts > 0),
    settled_at timestamptz not null,
    unique (symbol, open_time, expiry_time),
    check ((up_outcome = 'void') = (open_price is null or settle_price is null))
  )`,
  `create index option_contracts_group_idx on option_contracts (symbol, open_time, expiry_time)`,
  'create index option_contracts_user_idx on option_contracts (user_id, id desc)',
  `create table option_loss_limits (
    user_id integer primary key references users(id),
    -- The most the user may lose in a UTC day.
    daily_limit numeric(38, 8) not null check (daily_limit > 0),
    -- A raise waits a day before it counts.
    raise_to numeric(38, 8),
    raise_at timestamptz,
    updated_at timestamptz not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'option_loss_limits',
    'option_settlements',
    'option_contracts',
    'index_prints',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
