// What the contract calls read from the database: a user's orders and closed positions, one order
// by id for its owner, and what resting orders and open positions hold frozen (for the ledger
// check).
import { type Selectable, sql } from 'kysely';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { ContractOrder } from '../../schemas/api/contract.schema.ts';
import type { OrderList } from '../../schemas/api/orders.schema.ts';
import type { Db } from '../db/database.ts';
import type { ReservationsQuery } from '../ledger/check.ts';
import { signedAtoms } from './contract-store.ts';
import type {
  ContractLiquidationsTable,
  ContractOrdersTable,
  ContractPositionsTable,
} from './contract-tables.ts';

type OrderRow = Selectable<ContractOrdersTable>;
type PositionRow = Selectable<ContractPositionsTable>;

const resting = ['open', 'partially_filled'] as const;
const iso = (date: unknown) => new Date(date as string).toISOString();

/** A decimal from the database at a scale (`97000.10000000` → `97000.10`). */
function atScale(text: string, scale: number): string {
  return fromUnits(toUnits(text, scale, true) ?? 0, scale);
}

/** Value ÷ quantity at the price scale, rounded half up; null when nothing traded. */
function average(value: string, quantity: string, priceScale: number): string | null {
  const q = parseAmount(quantity) ?? 0n;
  if (q === 0n) return null;
  const doubled = ((parseAmount(value) ?? 0n) * 10n ** BigInt(priceScale) * 2n) / q;
  return fromUnits((doubled + 1n) / 2n, priceScale);
}

export interface Scales {
  priceScale: number;
  quantityScale: number;
}

export function orderRowView(row: OrderRow, scales: Scales): ContractOrder {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    purpose: row.purpose,
    price: atScale(row.price, scales.priceScale),
    quantity: atScale(row.quantity, scales.quantityScale),
    leverage: row.leverage,
    margin_mode: row.margin_mode,
    reduce_only: row.reduce_only,
    filled_quantity: atScale(row.filled_quantity, scales.quantityScale),
    avg_price: average(row.filled_value, row.filled_quantity, scales.priceScale),
    fee: displayAmount(signedAtoms(row.fee)),
    realized_pnl: displayAmount(signedAtoms(row.realized_pnl)),
    status: row.status,
    cancel_reason: row.cancel_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The owner's order, or undefined for an order that does not exist or is someone else's. */
export async function findOrder(
  db: Db,
  userId: number,
  orderId: number,
): Promise<OrderRow | undefined> {
  return (await db
    .selectFrom('contract_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) as OrderRow | undefined;
}

export async function listOrders(
  db: Db,
  userId: number,
  list: OrderList,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const rows = await db
    .selectFrom('contract_orders')
    .selectAll()
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('user_id', '=', userId)
    .$if(symbol !== undefined, (query) => query.where('symbol', '=', symbol as string))
    .where((eb) =>
      list === 'current'
        ? eb('status', 'in', resting)
        : list === 'deal'
          ? eb('filled_quantity', '>', '0')
          : eb('status', 'not in', resting),
    )
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as OrderRow[], total: Number(rows[0]?.total ?? 0) };
}

export async function listClosed(
  db: Db,
  userId: number,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: PositionRow[]; total: number }> {
  const rows = await db
    .selectFrom('contract_positions')
    .selectAll()
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('user_id', '=', userId)
    .where('status', '=', 'closed')
    .$if(symbol !== undefined, (query) => query.where('symbol', '=', symbol as string))
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as PositionRow[], total: Number(rows[0]?.total ?? 0) };
}

/** A closed position as its history line: what it was opened at and what it closed at. */
export function closedView(row: PositionRow, scales: Scales) {
  const closed = row.closed_quantity;
  return {
    id: Number(row.id),
    symbol: row.symbol,
    direction: row.direction,
    leverage: row.leverage,
    margin_mode: row.margin_mode,
    quantity: atScale(closed, scales.quantityScale),
    // The cost of what closed is what it realized subtracted from what it closed for.
    entry_price: average(entryCost(row), closed, scales.priceScale) ?? '0',
    close_price: average(row.closed_value, closed, scales.priceScale) ?? '0',
    open_fee: displayAmount(signedAtoms(row.open_fee)),
    closing_fee: displayAmount(signedAtoms(row.closing_fee)),
    realized_pnl: displayAmount(signedAtoms(row.realized_pnl)),
    funding_fee: displayAmount(signedAtoms(row.funding_fee)),
    close_reason: row.close_reason ?? 'user',
    opened_at: iso(row.opened_at),
    closed_at: iso(row.closed_at),
  };
}

/** Σ entry notional of what closed: close value ∓ realized PnL. */
function entryCost(row: PositionRow): string {
  const value = signedAtoms(row.closed_value);
  const pnl = signedAtoms(row.realized_pnl);
  const cost = row.direction === 'long' ? value - pnl : value + pnl;
  return displayAmount(cost < 0n ? 0n : cost);
}

/** What resting orders and open positions hold frozen, for the ledger check. */
export const contractReservations: ReservationsQuery = sql`
  select user_id, 'contract' as wallet, 'USDT' as asset, sum(frozen) as amount
  from contract_orders where status in ('open', 'partially_filled') group by user_id
  union all
  select user_id, 'contract' as wallet, 'USDT' as asset, sum(margin) as amount
  from contract_positions where status = 'open' group by user_id`;

/** The user's funding payments with their rounds, newest first. */
export async function listFunding(
  db: Db,
  userId: number,
  symbol: string | undefined,
  page: number,
  size: number,
) {
  const { rows } = await sql<{
    round_id: string | number;
    symbol: string;
    funding_time: Date | string;
    rate: string;
    mark_price: string;
    position_id: string | number;
    direction: 'long' | 'short';
    quantity: string;
    amount: string;
    total: string | number;
  }>`
    select r.id as round_id, r.symbol, r.funding_time, r.rate::text, r.mark_price::text,
      p.position_id, p.direction, p.quantity::text, p.amount::text, count(*) over () as total
    from contract_funding_payments p join contract_funding_rounds r on r.id = p.round_id
    where p.user_id = ${userId} and (${symbol ?? null}::text is null or r.symbol = ${symbol ?? null})
    order by r.id desc, p.position_id desc limit ${size} offset ${(page - 1) * size}`.execute(db);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export function fundingView(
  row: Awaited<ReturnType<typeof listFunding>>['rows'][number],
  scales: Scales,
) {
  return {
    round_id: Number(row.round_id),
    symbol: row.symbol,
    funding_time: iso(row.funding_time),
    rate: displayAmount(BigInt(row.rate)),
    mark_price: atScale(row.mark_price, scales.priceScale),
    position_id: Number(row.position_id),
    direction: row.direction,
    quantity: atScale(row.quantity, scales.quantityScale),
    amount: displayAmount(signedAtoms(row.amount)),
  };
}

/** The insurance fund's balance and movements, newest first. */
export async function insuranceFund(db: Db, page: number, size: number) {
  const balance = await sql<{ available: string }>`
    select available::text from ledger_accounts
    where system_name = 'insurance' and asset = 'USDT'`.execute(db);
  const { rows } = await sql<{
    kind: string;
    reference: string;
    amount: string;
    created_at: Date | string;
    total: string | number;
  }>`
    select p.kind, p.reference, e.amount::text, p.created_at, count(*) over () as total
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_postings p on p.id = e.posting_id
    where a.system_name = 'insurance' and a.asset = 'USDT'
    order by e.posting_id desc limit ${size} offset ${(page - 1) * size}`.execute(db);
  return {
    balance: displayAmount(signedAtoms(balance.rows[0]?.available ?? '0')),
    list: rows.map((row) => ({
      kind: row.kind,
      reference: row.reference,
      amount: displayAmount(signedAtoms(row.amount)),
      created_at: iso(row.created_at),
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    size,
  };
}

type LiquidationRow = Selectable<ContractLiquidationsTable> & { total: string | number };

/** The user's liquidations with their inputs, newest first. */
export async function listLiquidations(
  db: Db,
  userId: number,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: LiquidationRow[]; total: number }> {
  const rows = await db
    .selectFrom('contract_liquidations')
    .selectAll()
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('user_id', '=', userId)
    .$if(symbol !== undefined, (query) => query.where('symbol', '=', symbol as string))
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return { rows: rows as LiquidationRow[], total: Number(rows[0]?.total ?? 0) };
}

export function liquidationView(row: LiquidationRow, scales: Scales) {
  const price = (text: string) => atScale(text, scales.priceScale);
  const money = (text: string) => displayAmount(signedAtoms(text));
  return {
    position_id: Number(row.position_id),
    symbol: row.symbol,
    direction: row.direction,
    margin_mode: row.margin_mode,
    quantity: atScale(row.quantity, scales.quantityScale),
    entry_price: price(row.entry_price),
    mark_price: price(row.mark_price),
    mark_at: iso(row.mark_at),
    backing: money(row.backing),
    maintenance_margin: money(row.maintenance_margin),
    maintenance_rate: row.mmr.replace(/\.?0+$/, ''),
    liquidation_price: row.liquidation_price === null ? null : price(row.liquidation_price),
    bankruptcy_price: price(row.bankruptcy_price),
    filled_quantity: atScale(row.filled_quantity, scales.quantityScale),
    adl_quantity: atScale(row.adl_quantity, scales.quantityScale),
    insurance_fee: money(row.insurance_fee),
    created_at: iso(row.created_at),
  };
}

interface FillRow {
  id: string | number;
  symbol: string;
  order_id: string | number | null;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  price: string;
  quantity: string;
  value: string;
  fee: string;
  pnl: string;
  created_at: Date | string;
  total: string | number;
}

/** The user's fills, as taker or as maker, newest first. */
export async function listFills(
  db: Db,
  userId: number,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: FillRow[]; total: number }> {
  const { rows } = await sql<FillRow>`
    select id, symbol, order_id, side, role, price::text, quantity::text, value::text, fee::text,
      pnl::text, created_at, count(*) over () as total
    from (
      select id, symbol, taker_order_id as order_id, taker_side as side, 'taker' as role, price,
        quantity, value, taker_fee as fee, taker_pnl as pnl, created_at
      from contract_fills where taker_user_id = ${userId}
      union all
      select id, symbol, maker_order_id, case taker_side when 'buy' then 'sell' else 'buy' end,
        'maker', price, quantity, value, maker_fee, maker_pnl, created_at
      from contract_fills where maker_user_id = ${userId}
    ) f
    where ${symbol ?? null}::text is null or symbol = ${symbol ?? null}
    order by id desc, role desc limit ${size} offset ${(page - 1) * size}`.execute(db);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export function fillView(row: FillRow, scales: Scales) {
  return {
    id: Number(row.id),
    symbol: row.symbol,
    order_id: row.order_id === null ? null : Number(row.order_id),
    side: row.side,
    role: row.role,
    price: atScale(row.price, scales.priceScale),
    quantity: atScale(row.quantity, scales.quantityScale),
    value: displayAmount(signedAtoms(row.value)),
    fee: displayAmount(signedAtoms(row.fee)),
    realized_pnl: displayAmount(signedAtoms(row.pnl)),
    created_at: iso(row.created_at),
  };
}
