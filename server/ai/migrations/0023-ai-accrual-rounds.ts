// A group's accrual paid in slices of its owners (server/ai/ai-writer.ts): while one is under way,
// the days it pays, the last owner paid (owners are paid in id order), and the orders and the
// day's amount paid so far, which the group's `ai_accruals` rows take once the last slice is paid.
// The row is deleted in that slice's transaction. An index on the group's owners lets each slice
// read its owners without reading the whole group.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table ai_accrual_rounds (
    product_id integer not null references ai_products(id),
    starts_at timestamptz not null,
    from_day integer not null check (from_day > 0),
    to_day integer not null check (to_day >= from_day),
    through_user integer not null,
    orders integer not null check (orders >= 0),
    amount numeric(38, 8) not null check (amount >= 0),
    primary key (product_id, starts_at)
  )`,
  'create index ai_orders_group_owner_idx on ai_orders (product_id, starts_at, user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index ai_orders_group_owner_idx').execute(db);
  await sql.raw('drop table ai_accrual_rounds').execute(db);
}
