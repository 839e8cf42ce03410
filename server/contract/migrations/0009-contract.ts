// Perpetual contracts: orders (the books are rebuilt from the resting ones at start), positions
// open and closed, fills, the mark prices every liquidation and funding round reads, the
// liquidations with the inputs that decided them, and funding: the premium samples, each round's
// rate and totals, and every payment with the quantity it was paid on. Amounts are decimal
// strings of the ledger's eight places (quantities in coins, prices and values in USDT); rates
// and premiums are integers of parts per 10^8.
import { type Kysely, sql } from 'kysely';

const direction = `text not null check (direction in ('long', 'short'))`;
const marginMode = `text not null check (margin_mode in ('isolated', 'cross'))`;
const amount = 'numeric(38, 8) not null default 0';

const statements = [
  `create table contract_positions (
    id bigserial primary key,
    user_id integer not null references users(id),
    symbol text not null,
    direction ${direction},
    margin_mode ${marginMode},
    leverage integer not null check (leverage between 1 and 125),
    quantity ${amount} check (quantity >= 0),
    cost ${amount} check (cost >= 0),
    margin ${amount} check (margin >= 0),
    open_fee ${amount},
    closing_fee ${amount},
    realized_pnl ${amount},
    funding_fee ${amount},
    closed_quantity ${amount},
    closed_value ${amount},
    tp_price numeric(38, 8),
    sl_price numeric(38, 8),
    -- What a take-profit or stop-loss closes; null: the whole position.
    tpsl_quantity numeric(38, 8) check (tpsl_quantity > 0),
    status text not null check (status in ('open', 'closed')),
    close_reason text check (close_reason in ('user', 'tp', 'sl', 'liquidation', 'adl')),
    opened_at timestamptz not null,
    closed_at timestamptz,
    updated_at timestamptz not null,
    check (status = 'closed' or quantity > 0),
    check (status = 'open' or (quantity = 0 and margin = 0 and closed_at is not null))
  )`,
  // One-way mode: at most one open position per user and market.
  `create unique index contract_positions_open_idx on contract_positions (user_id, symbol)
    where status = 'open'`,
  'create index contract_positions_user_idx on contract_positions (user_id, id desc)',
  `create table contract_orders (
    id bigserial primary key,
    user_id integer not null references users(id),
    symbol text not null,
    side text not null check (side in ('buy', 'sell')),
    type text not null check (type in ('limit', 'market')),
    purpose text not null check (purpose in ('user', 'tp', 'sl', 'liquidation', 'adl')),
    price numeric(38, 8) not null,
    quantity numeric(38, 8) not null check (quantity > 0),
    leverage integer not null check (leverage between 1 and 125),
    margin_mode ${marginMode},
    reduce_only boolean not null,
    -- Take-profit and stop-loss the order sets on its position once it fills.
    tp_price numeric(38, 8),
    sl_price numeric(38, 8),
    filled_quantity ${amount},
    filled_value ${amount},
    fee ${amount},
    realized_pnl ${amount},
    frozen ${amount} check (frozen >= 0),
    status text not null check (status in ('open', 'partially_filled', 'filled', 'cancelled')),
    cancel_reason text check (cancel_reason in
      ('user', 'self_trade', 'unfilled', 'reduce_only', 'liquidation')),
    created_at timestamptz not null,
    updated_at timestamptz not null,
    check (status in ('open', 'partially_filled') or frozen = 0)
  )`,
  'create index contract_orders_user_idx on contract_orders (user_id, id desc)',
  `create index contract_orders_resting_idx on contract_orders (symbol, id)
    where status in ('open', 'partially_filled')`,
  `create table contract_fills (
    id bigserial primary key,
    symbol text not null,
    price numeric(38, 8) not null,
    quantity numeric(38, 8) not null check (quantity > 0),
    value numeric(38, 8) not null,
    taker_side text not null check (taker_side in ('buy', 'sell')),
    taker_order_id bigint not null references contract_orders(id),
    maker_order_id bigint references contract_orders(id),
    taker_user_id integer not null references users(id),
    maker_user_id integer not null references users(id),
    taker_fee numeric(38, 8) not null,
    maker_fee numeric(38, 8) not null,
    taker_pnl numeric(38, 8) not null,
    maker_pnl numeric(38, 8) not null,
    created_at timestamptz not null
  )`,
  'create index contract_fills_symbol_idx on contract_fills (symbol, id desc)',
  'create index contract_fills_taker_idx on contract_fills (taker_user_id, id desc)',
  'create index contract_fills_maker_idx on contract_fills (maker_user_id, id desc)',
  `create table contract_marks (
    symbol text not null,
    ts timestamptz not null,
    index_price numeric(38, 8),
    mark_price numeric(38, 8),
    last_price numeric(38, 8),
    basis numeric(38, 8) not null,
    funding_rate bigint not null,
    stale boolean not null,
    primary key (symbol, ts)
  )`,
  `create table contract_liquidations (
    id bigserial primary key,
    position_id bigint not null references contract_positions(id),
    user_id integer not null references users(id),
    symbol text not null,
    margin_mode ${marginMode},
    direction ${direction},
    quantity numeric(38, 8) not null,
    entry_price numeric(38, 8) not null,
    mark_price numeric(38, 8) not null,
    mark_at timestamptz not null,
    backing numeric(38, 8) not null,
    maintenance_margin numeric(38, 8) not null,
    mmr numeric(12, 6) not null,
    liquidation_price numeric(38, 8),
    bankruptcy_price numeric(38, 8) not null,
    filled_quantity numeric(38, 8) not null,
    adl_quantity numeric(38, 8) not null,
    insurance_fee numeric(38, 8) not null,
    shortfall numeric(38, 8) not null,
    created_at timestamptz not null
  )`,
  'create index contract_liquidations_user_idx on contract_liquidations (user_id, id desc)',
  // Premium samples, each from the impact prices against the index (null: not enough depth).
  `create table contract_premiums (
    symbol text not null,
    ts timestamptz not null,
    index_price numeric(38, 8) not null,
    impact_bid numeric(38, 8),
    impact_ask numeric(38, 8),
    premium bigint not null,
    primary key (symbol, ts)
  )`,
  `create table contract_funding_rounds (
    id bigserial primary key,
    symbol text not null,
    funding_time timestamptz not null,
    rate bigint not null,
    mark_price numeric(38, 8) not null,
    samples integer not null,
    paid numeric(38, 8) not null,
    received numeric(38, 8) not null,
    remainder numeric(38, 8) not null check (remainder >= 0),
    shortfall numeric(38, 8) not null,
    unique (symbol, funding_time)
  )`,
  `create table contract_funding_payments (
    round_id bigint not null references contract_funding_rounds(id),
    position_id bigint not null references contract_positions(id),
    user_id integer not null references users(id),
    direction ${direction},
    quantity numeric(38, 8) not null,
    amount numeric(38, 8) not null,
    primary key (round_id, position_id)
  )`,
  'create index contract_funding_payments_user_idx on contract_funding_payments (user_id, round_id desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'funding_payments',
    'funding_rounds',
    'premiums',
    'liquidations',
    'marks',
    'fills',
    'orders',
    'positions',
  ]) {
    await sql.raw(`drop table contract_${table}`).execute(db);
  }
}
