// Spot orders and trades in the database: the row an order starts as, the changes a command makes
// to it, the trades, the resting orders a book is rebuilt from, and the lists a user reads.
import { type Selectable, sql, type Transaction } from 'kysely';
import { type MarketScales, quoteAtoms } from '../../core/market/order-math.ts';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { displayAmount, formatAmount, parseAmount } from '../../core/money.ts';
import type { SpotOrder, SpotOrderList } from '../../schemas/api/spot.schema.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { ReservationsQuery } from '../ledger/check.ts';
import type { Side } from '../matching/events.ts';
import type { Fill, OrderChange } from './settlement.ts';
import type { SpotMarket } from './spot-markets.ts';
import type { SpotOrdersTable } from './spot-tables.ts';

export type SpotOrderRow = Selectable<SpotOrdersTable>;

const resting = ['open', 'partially_filled'] as const;

/** Writes each order's changes; answers the rows as they now are, in the changes' order. */
export async function applyChanges(
  trx: Transaction<Database>,
  changes: Iterable<OrderChange>,
  now: Date,
): Promise<SpotOrderRow[]> {
  const rows: SpotOrderRow[] = [];
  for (const change of changes) {
    const row = await trx
      .updateTable('spot_orders')
      .set((eb) => ({
        filled_quantity: eb('filled_quantity', '+', formatAmount(change.filledQuantity)),
        filled_quote: eb('filled_quote', '+', formatAmount(change.filledQuote)),
        fee: eb('fee', '+', formatAmount(change.fee)),
        frozen: eb('frozen', '+', formatAmount(change.frozen)),
        ...(change.status ? { status: change.status } : {}),
        ...(change.cancelReason ? { cancel_reason: change.cancelReason } : {}),
        updated_at: now,
      }))
      .where('id', '=', change.orderId)
      .returningAll()
      .executeTakeFirstOrThrow();
    rows.push(row);
  }
  return rows;
}

export async function insertFills(
  trx: Transaction<Database>,
  market: SpotMarket,
  fills: readonly Fill[],
  now: Date,
): Promise<void> {
  if (fills.length === 0) return;
  await trx
    .insertInto('spot_trades')
    .values(
      fills.map((fill) => ({
        symbol: market.symbol,
        price: fromUnits(fill.price, market.priceScale),
        quantity: fromUnits(fill.quantity, market.quantityScale),
        quote: formatAmount(quoteAtoms(fill.quote, market)),
        taker_side: fill.takerSide,
        taker_order_id: fill.takerOrderId,
        maker_order_id: fill.makerOrderId,
        taker_fee: formatAmount(fill.takerFee),
        maker_fee: formatAmount(fill.makerFee),
        created_at: now,
      })),
    )
    .execute();
}

export interface RestingRow {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
}

/** The market's resting orders in time order: replayed into an empty book, they rebuild it. */
export async function restingOrders(db: Db, market: SpotMarket): Promise<RestingRow[]> {
  const rows = await db
    .selectFrom('spot_orders')
    .select(['id', 'user_id', 'side', 'price', 'quantity', 'filled_quantity'])
    .where('symbol', '=', market.symbol)
    .where('status', 'in', resting)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    orderId: Number(row.id),
    userId: row.user_id,
    side: row.side,
    price: toUnits(row.price ?? '0', market.priceScale, true) ?? 0,
    remaining:
      (toUnits(row.quantity ?? '0', market.quantityScale, true) ?? 0) -
      (toUnits(row.filled_quantity, market.quantityScale, true) ?? 0),
  }));
}

/** The order if it is the user's: another user's order is as unknown as one that never existed. */
export function findOrder(db: Db, userId: number, orderId: number) {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listOrders(
  db: Db,
  userId: number,
  list: SpotOrderList,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: SpotOrderRow[]; total: number }> {
  const rows = await db
    .selectFrom('spot_orders')
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
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** A decimal from the database at a market's scale (`97000.10000000` → `97000.10`). */
function atScale(text: string, scale: number): string {
  return fromUnits(toUnits(text, scale, true) ?? 0, scale);
}

/** Quote per base of what traded, at the price's scale, rounded half up. */
function averagePrice(row: SpotOrderRow, priceScale: number): string | null {
  const quantity = parseAmount(row.filled_quantity) ?? 0n;
  if (quantity === 0n) return null;
  const quote = parseAmount(row.filled_quote) ?? 0n;
  const doubled = (quote * 10n ** BigInt(priceScale) * 2n) / quantity;
  return fromUnits((doubled + 1n) / 2n, priceScale);
}

export function orderView(row: SpotOrderRow, scales: MarketScales): SpotOrder {
  const { priceScale, quantityScale } = scales;
  const iso = (date: Date | string) => new Date(date).toISOString();
  return {
    id: Number(row.id),
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price: row.price === null ? null : atScale(row.price, priceScale),
    quantity: row.quantity === null ? null : atScale(row.quantity, quantityScale),
    turnover: row.turnover === null ? null : displayAmount(parseAmount(row.turnover) ?? 0n),
    filled_quantity: atScale(row.filled_quantity, quantityScale),
    filled_quote: displayAmount(parseAmount(row.filled_quote) ?? 0n),
    avg_price: averagePrice(row, priceScale),
    fee: displayAmount(parseAmount(row.fee) ?? 0n),
    fee_asset: row.fee_asset,
    status: row.status,
    cancel_reason: row.cancel_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** What resting orders hold frozen, for the ledger's "frozen equals open reservations" check. */
export const spotReservations: ReservationsQuery = sql`
  select user_id, 'funding' as wallet, frozen_asset as asset, sum(frozen) as amount
  from spot_orders where status in ('open', 'partially_filled') group by user_id, frozen_asset`;
