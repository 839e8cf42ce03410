// What the Binance-compatible door's spot reads ask of the database, in Binance's terms: lists in
// ascending id, the most recent `limit` unless told where to start (an id or a time), filtered by
// time. The rows are the app's own (`spot_orders`, `spot_trades`, `ledger_accounts`), read as the
// app's lists read them (order-store.ts, fill-store.ts), only windowed as Binance windows them.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OwnTradeRow, TakerFillRow } from './binance-order-views.ts';
import type { SpotOrderRow } from './order-store.ts';

/** Where a list starts and ends: ids and times (ms) as Binance's parameters give them. */
export interface ListWindow {
  /** From this id up (`orderId` for orders, `fromId` for trades); else the most recent. */
  fromId?: number;
  startTime?: number;
  endTime?: number;
  limit: number;
}

/** The trades an order took on entry, as a `FULL` answer lists them. */
export async function takerFillsOf(db: Db, orderId: number): Promise<TakerFillRow[]> {
  const { rows } = await sql<TakerFillRow>`
    select id, price::text as price, quantity::text as quantity, taker_fee::text as taker_fee
    from spot_trades where taker_order_id = ${orderId} order by id`.execute(db);
  return rows;
}

/** The user's resting orders, in one market or all, oldest first. */
export function openOrdersOf(db: Db, userId: number, symbol?: string): Promise<SpotOrderRow[]> {
  return db
    .selectFrom('spot_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['open', 'partially_filled'])
    .$if(symbol !== undefined, (query) => query.where('symbol', '=', symbol ?? ''))
    .orderBy('id')
    .execute();
}

const timeOf = (ms: number) => new Date(ms);

/** The user's orders in one market, every status, in Binance's window. */
export async function ordersOf(
  db: Db,
  userId: number,
  symbol: string,
  window: ListWindow,
): Promise<SpotOrderRow[]> {
  const { fromId, startTime, endTime, limit } = window;
  const rows = await db
    .selectFrom('spot_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('symbol', '=', symbol)
    .$if(fromId !== undefined, (query) => query.where('id', '>=', fromId ?? 0))
    .$if(startTime !== undefined, (query) =>
      query.where('created_at', '>=', timeOf(startTime ?? 0)),
    )
    .$if(endTime !== undefined, (query) => query.where('created_at', '<=', timeOf(endTime ?? 0)))
    .orderBy('id', fromId === undefined ? 'desc' : 'asc')
    .limit(limit)
    .execute();
  return fromId === undefined ? rows.reverse() : rows;
}

/**
 * The user's trades in one market, from the user's side, in Binance's window; of one order when
 * `orderId` is given. A trade is the user's when their order took or rested (never both: the
 * engine prevents self-trades), as the app's own fills list reads it (fill-store.ts).
 */
export async function ownTradesOf(
  db: Db,
  userId: number,
  symbol: string,
  window: ListWindow & { orderId?: number },
): Promise<OwnTradeRow[]> {
  const { fromId, startTime, endTime, limit, orderId } = window;
  const ofOrder = orderId === undefined ? sql`` : sql`and o.id = ${orderId}`;
  const from = fromId === undefined ? sql`` : sql`and t.id >= ${fromId}`;
  const after = startTime === undefined ? sql`` : sql`and t.created_at >= ${timeOf(startTime)}`;
  const before = endTime === undefined ? sql`` : sql`and t.created_at <= ${timeOf(endTime)}`;
  const filters = sql`o.user_id = ${userId} and t.symbol = ${symbol} ${ofOrder} ${from} ${after} ${before}`;
  const { rows } = await sql<OwnTradeRow>`
    with mine as (
      select t.id, t.symbol, o.id as order_id, true as taker, t.taker_side, t.price::text as price,
        t.quantity::text as quantity, t.quote::text as quote, t.taker_fee::text as fee,
        o.fee_asset, t.created_at
      from spot_orders o join spot_trades t on t.taker_order_id = o.id
      where ${filters}
      union all
      select t.id, t.symbol, o.id as order_id, false as taker, t.taker_side, t.price::text,
        t.quantity::text, t.quote::text, t.maker_fee::text, o.fee_asset, t.created_at
      from spot_orders o join spot_trades t on t.maker_order_id = o.id
      where ${filters}
    )
    select * from mine order by id ${sql.raw(fromId === undefined ? 'desc' : 'asc')}
    limit ${limit}`.execute(db);
  return fromId === undefined ? rows.reverse() : rows;
}

/** The user's funding balances: what spot trades with (docs/spot.md § Money). */
export function fundingBalancesOf(db: Db, userId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['asset', 'available', 'frozen'])
    .where('user_id', '=', userId)
    .where('wallet', '=', 'funding')
    .orderBy('asset')
    .execute();
}
