// The AI products' rows: products with their quota and reserve, orders with the days their group
// has been paid, the accrual days recorded per group, and what is due. Amounts are atoms in memory
// and decimal strings in the database.
import { type Kysely, sql, type Transaction } from 'kysely';
import { dayMs } from '../../core/ai/schedule.ts';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Database } from '../db/tables.ts';

type Db = Kysely<Database>;

export interface Product {
  id: number;
  name: string;
  asset: string;
  days: number;
  aprPpm: number;
  min: bigint;
  max: bigint;
  quota: bigint;
  sold: bigint;
  funded: bigint;
  promised: bigint;
}

export interface Order {
  id: number;
  productId: number;
  userId: number;
  principal: bigint;
  boughtAt: number;
  startsAt: number;
  withdrawnAt: number | null;
  withdrawnDays: number | null;
  withdrawn: bigint | null;
  /** Days its group has been paid (an order's own stop at its days or its withdrawal). */
  groupPaidDays: number;
}

const atoms = (value: unknown): bigint => parseAmount(String(value)) ?? 0n;
const ms = (value: unknown) => new Date(value as string | Date).getTime();
const iso = (value: number) => new Date(value).toISOString();

function productOf(row: Record<string, unknown>): Product {
  return {
    id: Number(row.id),
    name: String(row.name),
    asset: String(row.asset),
    days: Number(row.days),
    aprPpm: Number(row.apr_ppm),
    min: atoms(row.min),
    max: atoms(row.max),
    quota: atoms(row.quota),
    sold: atoms(row.sold),
    funded: atoms(row.funded),
    promised: atoms(row.promised),
  };
}

function orderOf(row: Record<string, unknown>): Order {
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    userId: Number(row.user_id),
    principal: atoms(row.principal),
    boughtAt: ms(row.bought_at),
    startsAt: ms(row.starts_at),
    withdrawnAt: row.withdrawn_at === null ? null : ms(row.withdrawn_at),
    withdrawnDays: row.withdrawn_days === null ? null : Number(row.withdrawn_days),
    withdrawn: row.withdrawn === null ? null : atoms(row.withdrawn),
    groupPaidDays: Number(row.group_paid_days ?? 0),
  };
}

const productColumns = sql`id, name, asset, days, apr_ppm, min::text as min, max::text as max,
  quota::text as quota, sold::text as sold, funded::text as funded, promised::text as promised`;

export async function listProducts(db: Db): Promise<Product[]> {
  const { rows } = await sql<Record<string, unknown>>`select ${productColumns}
    from ai_products order by id`.execute(db);
  return rows.map(productOf);
}

export async function findProducts(db: Db, ids: readonly number[]): Promise<Map<number, Product>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Record<string, unknown>>`select ${productColumns}
    from ai_products where id = any(${[...ids]}::int[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), productOf(row)]));
}

/**
 * The days an order's group has paid it: those recorded for the group, or, while a round pays the
 * group a slice of owners at a time, that round's days once it has paid the order's owner.
 */
const paidDays = sql`greatest(coalesce((select max(a.day) from ai_accruals a
    where a.product_id = o.product_id and a.starts_at = o.starts_at), 0),
  coalesce((select r.to_day from ai_accrual_rounds r where r.product_id = o.product_id
    and r.starts_at = o.starts_at and o.user_id <= r.through_user), 0))`;

const orderColumns = sql`o.id, o.product_id, o.user_id, o.principal::text as principal,
  o.bought_at, o.starts_at, o.withdrawn_at, o.withdrawn_days, o.withdrawn::text as withdrawn,
  ${paidDays} as group_paid_days`;

export async function findOrders(db: Db, ids: readonly number[]): Promise<Map<number, Order>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Record<string, unknown>>`select ${orderColumns}
    from ai_orders o where o.id = any(${[...ids]}::bigint[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), orderOf(row)]));
}

/** A user's orders, newest first: `active` (not ended), or `finished` (matured or withdrawn). */
export async function ordersOf(
  db: Db,
  query: { userId: number; active: boolean; page: number; size: number },
): Promise<{ list: Order[]; total: number }> {
  const ended = sql`(o.withdrawn_at is not null or ${paidDays} >= p.days)`;
  const where = sql`where o.user_id = ${query.userId} and ${query.active ? sql`not ` : sql``}${ended}`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${orderColumns}
      from ai_orders o join ai_products p on p.id = o.product_id ${where}
      order by o.id desc limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total
      from ai_orders o join ai_products p on p.id = o.product_id ${where}`.execute(db),
  ]);
  return { list: rows.rows.map(orderOf), total: count.rows[0]?.total ?? 0 };
}

export async function lastOrderId(db: Db): Promise<number> {
  const { rows } = await sql<{ last: string }>`
    select coalesce(max(id), 0)::text as last from ai_orders`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

export async function insertOrders(trx: Transaction<Database>, orders: readonly Order[]) {
  if (orders.length === 0) return;
  await sql`
    insert into ai_orders (id, product_id, user_id, principal, bought_at, starts_at)
    select * from unnest(
      ${orders.map((o) => o.id)}::bigint[], ${orders.map((o) => o.productId)}::int[],
      ${orders.map((o) => o.userId)}::int[],
      ${orders.map((o) => formatAmount(o.principal))}::numeric[],
      ${orders.map((o) => iso(o.boughtAt))}::timestamptz[],
      ${orders.map((o) => iso(o.startsAt))}::timestamptz[])`.execute(trx);
}

/** Adds to products' sold and promised amounts (negative to release). */
export async function changeProducts(
  trx: Transaction<Database>,
  changes: ReadonlyMap<number, { sold: bigint; promised: bigint }>,
) {
  if (changes.size === 0) return;
  const ids = [...changes.keys()];
  await sql`
    update ai_products p set sold = p.sold + c.sold, promised = p.promised + c.promised
    from unnest(${ids}::int[],
      ${ids.map((id) => formatAmount(changes.get(id)?.sold ?? 0n))}::numeric[],
      ${ids.map((id) => formatAmount(changes.get(id)?.promised ?? 0n))}::numeric[]
    ) as c(id, sold, promised) where p.id = c.id`.execute(trx);
}

export async function markWithdrawn(
  trx: Transaction<Database>,
  order: { id: number; days: number; returned: bigint; at: number },
) {
  await sql`update ai_orders set withdrawn_at = ${iso(order.at)}, withdrawn_days = ${order.days},
    withdrawn = ${formatAmount(order.returned)} where id = ${order.id} and withdrawn_at is null`.execute(
    trx,
  );
}

/** The groups (a product and a first day) with days whose end has passed and that are unpaid. */
export async function dueGroups(
  db: Db,
  now: number,
): Promise<{ productId: number; startsAt: number; paidDays: number; dueDays: number }[]> {
  const { rows } = await sql<{
    product_id: number;
    starts_at: Date | string;
    days: number;
    paid: number;
  }>`
    select g.product_id, g.starts_at, p.days,
      coalesce((select max(a.day) from ai_accruals a
        where a.product_id = g.product_id and a.starts_at = g.starts_at), 0)::int as paid
    from (select distinct product_id, starts_at from ai_orders
      where withdrawn_at is null and starts_at + interval '1 day' <= ${iso(now)}) g
    join ai_products p on p.id = g.product_id`.execute(db);
  return rows.flatMap((row) => {
    const startsAt = ms(row.starts_at);
    const elapsed = Math.min(row.days, Math.floor((now - startsAt) / dayMs));
    return elapsed > row.paid
      ? [{ productId: row.product_id, startsAt, paidDays: row.paid, dueDays: elapsed }]
      : [];
  });
}

/** A group's orders not withdrawn: at its maturity, the orders that just ended. */
export async function groupOrders(db: Db, productId: number, startsAt: number): Promise<Order[]> {
  const { rows } = await sql<Record<string, unknown>>`select ${orderColumns}
    from ai_orders o where o.product_id = ${productId} and o.starts_at = ${iso(startsAt)}
      and o.withdrawn_at is null order by o.id`.execute(db);
  return rows.map(orderOf);
}

/** A user's running orders of one principal in a group: they all accrue the same each day. */
export interface Holding {
  userId: number;
  principal: bigint;
  orders: number;
}

/**
 * A slice of a group's running (not withdrawn) orders: those of the next `users` owners after
 * `after`, in id order, counted by owner and principal; and the days the group has been paid.
 * Counted in the database: a slice of 100,000 orders reads one row per owner and principal, and the
 * owners' index finds a slice without reading the rest of the group; the reward rule itself stays
 * in `core/ai/schedule.ts`.
 */
export async function groupHoldings(
  db: Db,
  productId: number,
  startsAt: number,
  slice: { after: number; users: number },
): Promise<{ paidDays: number; holdings: Holding[]; owners: number; lastOwner: number | null }> {
  const inGroup = (alias: string) =>
    sql`${sql.ref(`${alias}.product_id`)} = ${productId}
      and ${sql.ref(`${alias}.starts_at`)} = ${iso(startsAt)}
      and ${sql.ref(`${alias}.withdrawn_at`)} is null`;
  // The slice's last owner first, then its orders as one range of the owners' index, with both
  // ends written in: no join whose plan would depend on the database's statistics.
  const [paid, cut] = await Promise.all([
    sql<{ days: number }>`select coalesce(max(day), 0)::int as days from ai_accruals
      where product_id = ${productId} and starts_at = ${iso(startsAt)}`.execute(db),
    sql<{ last: number | null }>`select max(w.user_id) as last from (select distinct w.user_id
      from ai_orders w where ${inGroup('w')} and w.user_id > ${slice.after}
      order by w.user_id limit ${slice.users}) w`.execute(db),
  ]);
  const last = cut.rows[0]?.last ?? null;
  const rows =
    last === null
      ? { rows: [] }
      : await sql<{ user_id: number; principal: string; orders: number }>`
          select o.user_id, o.principal::text as principal, count(o.id)::int as orders
          from ai_orders o
          where ${inGroup('o')} and o.user_id > ${slice.after} and o.user_id <= ${last}
          group by o.user_id, o.principal`.execute(db);
  const holdings = rows.rows.map((row) => ({
    userId: row.user_id,
    principal: atoms(row.principal),
    orders: row.orders,
  }));
  const owners = new Set(holdings.map((holding) => holding.userId));
  return {
    paidDays: paid.rows[0]?.days ?? 0,
    holdings,
    owners: owners.size,
    lastOwner: owners.size > 0 ? Math.max(...owners) : null,
  };
}

/** A group's accrual under way: its days, the last owner paid, and what it has paid so far. */
export interface AccrualRound {
  productId: number;
  startsAt: number;
  fromDay: number;
  toDay: number;
  throughUser: number;
  orders: number;
  /** One day's rewards of the orders paid so far, atoms. */
  amount: bigint;
}

export async function accrualRound(
  db: Db,
  productId: number,
  startsAt: number,
): Promise<AccrualRound | null> {
  const { rows } = await sql<{
    from_day: number;
    to_day: number;
    through_user: number;
    orders: number;
    amount: string;
  }>`select from_day, to_day, through_user, orders, amount::text as amount
    from ai_accrual_rounds
    where product_id = ${productId} and starts_at = ${iso(startsAt)}`.execute(db);
  const row = rows[0];
  return row
    ? {
        productId,
        startsAt,
        fromDay: row.from_day,
        toDay: row.to_day,
        throughUser: row.through_user,
        orders: row.orders,
        amount: atoms(row.amount),
      }
    : null;
}

/** Keeps how far a round has come, or ends it (its last slice is paid). */
export async function saveRound(trx: Transaction<Database>, round: AccrualRound, ended: boolean) {
  if (ended) {
    await sql`delete from ai_accrual_rounds
      where product_id = ${round.productId} and starts_at = ${iso(round.startsAt)}`.execute(trx);
    return;
  }
  await sql`insert into ai_accrual_rounds
      (product_id, starts_at, from_day, to_day, through_user, orders, amount)
    values (${round.productId}, ${iso(round.startsAt)}, ${round.fromDay}, ${round.toDay},
      ${round.throughUser}, ${round.orders}, ${formatAmount(round.amount)})
    on conflict (product_id, starts_at) do update set through_user = excluded.through_user,
      orders = excluded.orders, amount = excluded.amount`.execute(trx);
}

/** A day recorded for a group once its round ends: the orders it paid and one day's amount. */
export interface AccrualDay {
  productId: number;
  startsAt: number;
  day: number;
  orders: number;
  amount: bigint;
  at: number;
}

export async function recordAccruals(trx: Transaction<Database>, rows: readonly AccrualDay[]) {
  if (rows.length === 0) return;
  await sql`
    insert into ai_accruals (product_id, starts_at, day, paid_at, orders, amount)
    select * from unnest(
      ${rows.map((r) => r.productId)}::int[], ${rows.map((r) => iso(r.startsAt))}::timestamptz[],
      ${rows.map((r) => r.day)}::int[], ${rows.map((r) => iso(r.at))}::timestamptz[],
      ${rows.map((r) => r.orders)}::int[], ${rows.map((r) => formatAmount(r.amount))}::numeric[])`.execute(
    trx,
  );
}
