// Spot trading: orders (the book is rebuilt from the resting ones at start), trades, and the role
// that tells the liquidity provider's account from a person's.
import { type Kysely, sql } from 'kysely';

const statements = [
  `alter table users add column role text not null default 'user'
    check (role in ('user', 'liquidity_provider'))`,
  `create table spot_orders (
    id bigserial primary key,
    user_id integer not null references users(id),
    symbol text not null,
    side text not null check (side in ('buy', 'sell')),
    type text not null check (type in ('limit', 'market')),
    price numeric(38, 8),
    quantity numeric(38, 8),
    turnover numeric(38, 8),
    filled_quantity numeric(38, 8) not null default 0,
    filled_quote numeric(38, 8) not null default 0,
    fee numeric(38, 8) not null default 0,
    fee_asset text not null,
    frozen_asset text not null,
    frozen numeric(38, 8) not null default 0 check (frozen >= 0),
    status text not null check (status in ('open', 'partially_filled', 'filled', 'cancelled')),
    cancel_reason text check (cancel_reason in ('user', 'self_trade', 'unfilled')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (type = 'market' or (price is not null and quantity is not null)),
    check (status in ('open', 'partially_filled') or frozen = 0)
  )`,
  'create index spot_orders_user_idx on spot_orders (user_id, id desc)',
  `create index spot_orders_resting_idx on spot_orders (symbol, id)
    where status in ('open', 'partially_filled')`,
  `create table spot_trades (
    id bigserial primary key,
    symbol text not null,
    price numeric(38, 8) not null,
    quantity numeric(38, 8) not null check (quantity > 0),
    quote numeric(38, 8) not null,
    taker_side text not null check (taker_side in ('buy', 'sell')),
    taker_order_id bigint not null references spot_orders(id),
    maker_order_id bigint not null references spot_orders(id),
    taker_fee numeric(38, 8) not null,
    maker_fee numeric(38, 8) not null,
    created_at timestamptz not null default now()
  )`,
  'create index spot_trades_symbol_idx on spot_trades (symbol, id desc)',
  'create index spot_trades_taker_idx on spot_trades (taker_order_id)',
  'create index spot_trades_maker_idx on spot_trades (maker_order_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table spot_trades').execute(db);
  await sql.raw('drop table spot_orders').execute(db);
  await sql.raw('alter table users drop column role').execute(db);
}
