// The contract engine's tables: a batch's orders and positions written as they now stand (one
// upsert statement each, however many the batch touched), its fills and liquidations inserted
// (one statement each), and the resting orders and open positions read back at start.
import { type Selectable, sql, type Transaction } from 'kysely';
import { signedAtoms as parseSigned } from '../../core/market/decimal-atoms.ts';
import { fromUnits } from '../../core/market/units.ts';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { ContractFill } from './batch-types.ts';
import { type ContractMarket, quantityAtoms } from './contract-markets.ts';
import type { ContractOrdersTable, ContractPositionsTable } from './contract-tables.ts';
import type { OrderState, PositionState } from './engine-state.ts';
import type { LiquidationRecord } from './liquidator.ts';

const amount = (value: bigint) => formatAmount(value);
const nullable = (value: bigint | null) => (value === null ? null : formatAmount(value));
/** A signed decimal of the database as atoms (PnL and funding may be negative). */
export function signedAtoms(text: string): bigint {
  return parseSigned(text) ?? 0n;
}
const atoms = (text: string | null) => (text === null ? null : signedAtoms(text));

export async function writeOrders(
  trx: Transaction<Database>,
  orders: readonly OrderState[],
  markets: ReadonlyMap<string, ContractMarket>,
  now: Date,
): Promise<void> {
  if (orders.length === 0) return;
  const scaleOf = (order: OrderState) => markets.get(order.symbol) as ContractMarket;
  await sql`
    insert into contract_orders (id, user_id, symbol, side, type, purpose, price, quantity,
      leverage, margin_mode, reduce_only, tp_price, sl_price, filled_quantity, filled_value, fee,
      realized_pnl, frozen,
      status, cancel_reason, created_at, updated_at)
    select *, ${now}::timestamptz from unnest(
      ${orders.map((o) => o.id)}::bigint[],
      ${orders.map((o) => o.userId)}::int[],
      ${orders.map((o) => o.symbol)}::text[],
      ${orders.map((o) => o.side)}::text[],
      ${orders.map((o) => o.type)}::text[],
      ${orders.map((o) => o.purpose)}::text[],
      ${orders.map((o) => fromUnits(o.price, scaleOf(o).priceScale))}::numeric[],
      ${orders.map((o) => fromUnits(o.quantity, scaleOf(o).quantityScale))}::numeric[],
      ${orders.map((o) => o.leverage)}::int[],
      ${orders.map((o) => o.marginMode)}::text[],
      ${orders.map((o) => o.reduceOnly)}::boolean[],
      ${orders.map((o) => nullable(o.tpPrice))}::numeric[],
      ${orders.map((o) => nullable(o.slPrice))}::numeric[],
      ${orders.map((o) => amount(o.filledQuantity))}::numeric[],
      ${orders.map((o) => amount(o.filledValue))}::numeric[],
      ${orders.map((o) => amount(o.fee))}::numeric[],
      ${orders.map((o) => amount(o.realizedPnl))}::numeric[],
      ${orders.map((o) => amount(o.frozen))}::numeric[],
      ${orders.map((o) => o.status)}::text[],
      ${orders.map((o) => o.cancelReason)}::text[],
      ${orders.map((o) => o.createdAt.toISOString())}::timestamptz[]
    )
    on conflict (id) do update set
      filled_quantity = excluded.filled_quantity, filled_value = excluded.filled_value,
      fee = excluded.fee, realized_pnl = excluded.realized_pnl, frozen = excluded.frozen,
      status = excluded.status, cancel_reason = excluded.cancel_reason,
      updated_at = excluded.updated_at`.execute(trx);
}

export async function writePositions(
  trx: Transaction<Database>,
  positions: readonly PositionState[],
  now: Date,
): Promise<void> {
  if (positions.length === 0) return;
  await sql`
    insert into contract_positions (id, user_id, symbol, direction, margin_mode, leverage,
      quantity, cost, margin, open_fee, closing_fee, realized_pnl, funding_fee, closed_quantity,
      closed_value, tp_price, sl_price, tpsl_quantity, status, close_reason, opened_at, closed_at,
      updated_at)
    select *, ${now}::timestamptz from unnest(
      ${positions.map((p) => p.id)}::bigint[],
      ${positions.map((p) => p.userId)}::int[],
      ${positions.map((p) => p.symbol)}::text[],
      ${positions.map((p) => p.direction)}::text[],
      ${positions.map((p) => p.marginMode)}::text[],
      ${positions.map((p) => p.leverage)}::int[],
      ${positions.map((p) => amount(p.quantity))}::numeric[],
      ${positions.map((p) => amount(p.cost))}::numeric[],
      ${positions.map((p) => amount(p.margin))}::numeric[],
      ${positions.map((p) => amount(p.openFee))}::numeric[],
      ${positions.map((p) => amount(p.closingFee))}::numeric[],
      ${positions.map((p) => amount(p.realizedPnl))}::numeric[],
      ${positions.map((p) => amount(p.fundingFee))}::numeric[],
      ${positions.map((p) => amount(p.closedQuantity))}::numeric[],
      ${positions.map((p) => amount(p.closedValue))}::numeric[],
      ${positions.map((p) => nullable(p.tpPrice))}::numeric[],
      ${positions.map((p) => nullable(p.slPrice))}::numeric[],
      ${positions.map((p) => nullable(p.tpslQuantity))}::numeric[],
      ${positions.map((p) => p.status)}::text[],
      ${positions.map((p) => p.closeReason)}::text[],
      ${positions.map((p) => p.openedAt.toISOString())}::timestamptz[],
      ${positions.map((p) => p.closedAt?.toISOString() ?? null)}::timestamptz[]
    )
    on conflict (id) do update set
      quantity = excluded.quantity, cost = excluded.cost, margin = excluded.margin,
      leverage = excluded.leverage, open_fee = excluded.open_fee,
      closing_fee = excluded.closing_fee, realized_pnl = excluded.realized_pnl,
      funding_fee = excluded.funding_fee, closed_quantity = excluded.closed_quantity,
      closed_value = excluded.closed_value, tp_price = excluded.tp_price,
      sl_price = excluded.sl_price, tpsl_quantity = excluded.tpsl_quantity,
      status = excluded.status,
      close_reason = excluded.close_reason, closed_at = excluded.closed_at,
      updated_at = excluded.updated_at`.execute(trx);
}

export async function insertFills(
  trx: Transaction<Database>,
  fills: readonly ContractFill[],
  markets: ReadonlyMap<string, ContractMarket>,
  now: Date,
): Promise<void> {
  if (fills.length === 0) return;
  const market = (fill: ContractFill) => markets.get(fill.symbol) as ContractMarket;
  await sql`
    insert into contract_fills (symbol, price, quantity, value, taker_side, taker_order_id,
      maker_order_id, taker_user_id, maker_user_id, taker_fee, maker_fee, taker_pnl, maker_pnl,
      created_at)
    select *, ${now}::timestamptz from unnest(
      ${fills.map((f) => f.symbol)}::text[],
      ${fills.map((f) => fromUnits(f.price, market(f).priceScale))}::numeric[],
      ${fills.map((f) => fromUnits(f.quantity, market(f).quantityScale))}::numeric[],
      ${fills.map((f) => amount(f.value))}::numeric[],
      ${fills.map((f) => f.takerSide)}::text[],
      ${fills.map((f) => f.takerOrderId)}::bigint[],
      ${fills.map((f) => f.makerOrderId)}::bigint[],
      ${fills.map((f) => f.takerUserId)}::int[],
      ${fills.map((f) => f.makerUserId)}::int[],
      ${fills.map((f) => amount(f.takerFee))}::numeric[],
      ${fills.map((f) => amount(f.makerFee))}::numeric[],
      ${fills.map((f) => amount(f.takerPnl))}::numeric[],
      ${fills.map((f) => amount(f.makerPnl))}::numeric[]
    )`.execute(trx);
}

export async function insertLiquidations(
  trx: Transaction<Database>,
  records: readonly LiquidationRecord[],
  now: Date,
): Promise<void> {
  if (records.length === 0) return;
  await sql`
    insert into contract_liquidations (position_id, user_id, symbol, margin_mode, direction,
      quantity, entry_price, mark_price, mark_at, backing, maintenance_margin, mmr,
      liquidation_price, bankruptcy_price, filled_quantity, adl_quantity, insurance_fee,
      shortfall, created_at)
    select *, ${now}::timestamptz from unnest(
      ${records.map((r) => r.positionId)}::bigint[],
      ${records.map((r) => r.userId)}::int[],
      ${records.map((r) => r.symbol)}::text[],
      ${records.map((r) => r.marginMode)}::text[],
      ${records.map((r) => r.direction)}::text[],
      ${records.map((r) => amount(r.quantity))}::numeric[],
      ${records.map((r) => amount(r.entryPrice))}::numeric[],
      ${records.map((r) => amount(r.markPrice))}::numeric[],
      ${records.map((r) => r.markAt.toISOString())}::timestamptz[],
      ${records.map((r) => amount(r.backing))}::numeric[],
      ${records.map((r) => amount(r.maintenanceMargin))}::numeric[],
      ${records.map((r) => fromUnits(r.mmrPpm, 6))}::numeric[],
      ${records.map((r) => nullable(r.liquidationPrice))}::numeric[],
      ${records.map((r) => amount(r.bankruptcyPrice))}::numeric[],
      ${records.map((r) => amount(r.filledQuantity))}::numeric[],
      ${records.map((r) => amount(r.adlQuantity))}::numeric[],
      ${records.map((r) => amount(r.insuranceFee))}::numeric[],
      ${records.map((r) => amount(r.shortfall))}::numeric[]
    )`.execute(trx);
}

type OrderRow = Selectable<ContractOrdersTable>;

/** The resting orders of the listed markets, oldest first: the order a book is rebuilt in. */
export async function restingOrders(
  db: Db,
  markets: ReadonlyMap<string, ContractMarket>,
): Promise<OrderState[]> {
  const { rows } = await sql<OrderRow>`
    select * from contract_orders
    where status in ('open', 'partially_filled') and symbol = any(${[...markets.keys()]}::text[])
    order by id`.execute(db);
  return rows.map((row) => {
    const market = markets.get(row.symbol) as ContractMarket;
    const units = (text: string, scale: number) =>
      Number((parseAmount(text) ?? 0n) / 10n ** BigInt(8 - scale));
    return {
      id: Number(row.id),
      userId: row.user_id,
      symbol: row.symbol,
      side: row.side,
      type: row.type,
      purpose: row.purpose,
      price: units(row.price, market.priceScale),
      quantity: units(row.quantity, market.quantityScale),
      leverage: row.leverage,
      marginMode: row.margin_mode,
      reduceOnly: row.reduce_only,
      tpPrice: atoms(row.tp_price),
      slPrice: atoms(row.sl_price),
      filledQuantity: atoms(row.filled_quantity) ?? 0n,
      filledValue: atoms(row.filled_value) ?? 0n,
      fee: atoms(row.fee) ?? 0n,
      realizedPnl: atoms(row.realized_pnl) ?? 0n,
      frozen: atoms(row.frozen) ?? 0n,
      status: row.status,
      cancelReason: row.cancel_reason,
      createdAt: new Date(row.created_at),
    };
  });
}

/** What a resting order has left, in its market's units. */
export function remainingUnits(order: OrderState, market: ContractMarket): number {
  return order.quantity - Number(order.filledQuantity / quantityAtoms(market, 1));
}

type PositionRow = Selectable<ContractPositionsTable>;

export function positionOfRow(row: PositionRow): PositionState {
  return {
    id: Number(row.id),
    userId: row.user_id,
    symbol: row.symbol,
    direction: row.direction,
    marginMode: row.margin_mode,
    leverage: row.leverage,
    quantity: atoms(row.quantity) ?? 0n,
    cost: atoms(row.cost) ?? 0n,
    margin: atoms(row.margin) ?? 0n,
    openFee: atoms(row.open_fee) ?? 0n,
    closingFee: atoms(row.closing_fee) ?? 0n,
    realizedPnl: atoms(row.realized_pnl) ?? 0n,
    fundingFee: atoms(row.funding_fee) ?? 0n,
    closedQuantity: atoms(row.closed_quantity) ?? 0n,
    closedValue: atoms(row.closed_value) ?? 0n,
    tpPrice: atoms(row.tp_price),
    slPrice: atoms(row.sl_price),
    tpslQuantity: atoms(row.tpsl_quantity),
    status: row.status,
    closeReason: row.close_reason,
    openedAt: new Date(row.opened_at),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
  };
}

/** The open positions of the listed markets, by id. */
export async function openPositions(db: Db, symbols: readonly string[]): Promise<PositionState[]> {
  const { rows } = await sql<PositionRow>`
    select * from contract_positions where status = 'open' and symbol = any(${symbols}::text[])
    order by id`.execute(db);
  return rows.map(positionOfRow);
}

/** One user's open positions in every market, by id: what a node answers without the memory. */
export async function openPositionsOf(db: Db, userId: number): Promise<PositionState[]> {
  const { rows } = await sql<PositionRow>`
    select * from contract_positions where status = 'open' and user_id = ${userId}
    order by id`.execute(db);
  return rows.map(positionOfRow);
}
