// The AI ETF section's fixed-term products: each product's terms, quota and reward reserve (funded
// by the operator from the treasury; `promised` is every reward it has promised, paid or not), its
// orders with their principal and, when ended early, what was paid by then; and the accrual days
// paid, one row per group of orders that share a product and a first day (they share a schedule),
// so a day is paid once however many orders it covers. Amounts are decimal strings of the
// ledger's eight places; rates are parts per 10^6 of a year.
import { type Kysely, sql } from 'kysely';

const amount = 'numeric(38, 8)';

const statements = [
  `create table ai_products (
    id serial primary key,
    name text not null check (length(name) between 1 and 80),
    asset text not null check (asset ~ '^[A-Z0-9]{2,12}$'),
    days integer not null check (days between 1 and 3650),
    apr_ppm integer not null check (apr_ppm between 1 and 10000000),
    min ${amount} not null check (min > 0),
    max ${amount} not null check (max >= min),
    quota ${amount} not null check (quota > 0),
    sold ${amount} not null default 0 check (sold >= 0 and sold <= quota),
    funded ${amount} not null default 0 check (funded >= 0),
    promised ${amount} not null default 0 check (promised >= 0 and promised <= funded),
    created_at timestamptz not null
  )`,
  `create table ai_orders (
    id bigserial primary key,
    product_id integer not null references ai_products(id),
    user_id integer not null references users(id),
    principal ${amount} not null check (principal > 0),
    bought_at timestamptz not null,
    -- The first accrual day's start (00:00 UTC after the purchase): with the product, its group.
    starts_at timestamptz not null,
    -- Ended early: when, how many days had been paid, and what returned.
    withdrawn_at timestamptz,
    withdrawn_days integer,
    withdrawn ${amount},
    check ((withdrawn_at is null) = (withdrawn is null))
  )`,
  'create index ai_orders_group_idx on ai_orders (product_id, starts_at)',
  'create index ai_orders_user_idx on ai_orders (user_id, id desc)',
  `create table ai_accruals (
    product_id integer not null references ai_products(id),
    starts_at timestamptz not null,
    -- 1 for the first day.
    day integer not null check (day > 0),
    paid_at timestamptz not null,
    orders integer not null,
    amount ${amount} not null,
    primary key (product_id, starts_at, day)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ai_accruals', 'ai_orders', 'ai_products']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
