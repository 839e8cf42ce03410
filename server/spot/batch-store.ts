// A batch's effects written in the caller's transaction, set-based: the new orders in one
// statement, the changes to resting ones in another, the postings and balances through the ledger
// (two more), the trades in one. However many commands the batch held, a handful of statements.
import { sql, type Transaction } from 'kysely';
import { quoteAtoms } from '../../core/market/order-math.ts';
import { fromUnits } from '../../core/market/units.ts';
import { formatAmount } from '../../core/money.ts';
import type { Database } from '../db/tables.ts';
import { type AccountIds, type BalanceChange, writePostings } from '../ledger/write-postings.ts';
import type { BatchEffects, NewOrderRecord } from './batch.ts';
import type { SpotOrderRow } from './order-store.ts';
import type { SpotMarket } from './spot-markets.ts';

export interface WrittenBatch {
  /** Every order the batch placed or changed, as its row now stands, by id. */
  rows: Map<number, SpotOrderRow>;
  balances: BalanceChange[];
}

export async function writeBatch(
  trx: Transaction<Database>,
  market: SpotMarket,
  effects: BatchEffects,
  postings: BatchEffects['postings'],
  accounts: AccountIds,
  now: Date,
): Promise<WrittenBatch> {
  const rows = new Map<number, SpotOrderRow>();
  for (const row of await insertPlaced(trx, market, [...effects.placed.values()], now)) {
    rows.set(Number(row.id), row);
  }
  for (const row of await applyChanges(trx, effects, now)) rows.set(Number(row.id), row);
  const balances = await writePostings(trx, postings, accounts);
  await insertTrades(trx, market, effects.fills.flat(), now);
  return { rows, balances };
}

async function insertPlaced(
  trx: Transaction<Database>,
  market: SpotMarket,
  placed: readonly NewOrderRecord[],
  now: Date,
): Promise<SpotOrderRow[]> {
  if (placed.length === 0) return [];
  const { priceScale, quantityScale } = market;
  // Inserted as they stand after the batch: an order filled or cancelled within it is written
  // once, in its final state.
  const result = await sql<SpotOrderRow>`
    insert into spot_orders (id, user_id, symbol, side, type, price, quantity, turnover,
      filled_quantity, filled_quote, fee, fee_asset, frozen_asset, frozen, status, cancel_reason,
      created_at, updated_at)
    select id, user_id, ${market.symbol}, side, type, price, quantity, turnover, filled_quantity,
      filled_quote, fee, fee_asset, frozen_asset, frozen, status, cancel_reason, ${now}, ${now}
    from unnest(
      ${placed.map(({ order }) => order.orderId)}::bigint[],
      ${placed.map(({ order }) => order.userId)}::int[],
      ${placed.map(({ order }) => order.side)}::text[],
      ${placed.map(({ order }) => order.type)}::text[],
      ${placed.map(({ order }) => (order.type === 'limit' ? fromUnits(order.price, priceScale) : null))}::numeric[],
      ${placed.map(({ order }) => ('quantity' in order ? fromUnits(order.quantity, quantityScale) : null))}::numeric[],
      ${placed.map(({ order }) => ('turnover' in order ? fromUnits(order.turnover, priceScale + quantityScale) : null))}::numeric[],
      ${placed.map(({ change }) => formatAmount(change.filledQuantity))}::numeric[],
      ${placed.map(({ change }) => formatAmount(change.filledQuote))}::numeric[],
      ${placed.map(({ change }) => formatAmount(change.fee))}::numeric[],
      ${placed.map(({ order }) => (order.side === 'buy' ? market.base : market.quote))}::text[],
      ${placed.map(({ order }) => (order.side === 'buy' ? market.quote : market.base))}::text[],
      ${placed.map(({ reserved, change }) => formatAmount(reserved + change.frozen))}::numeric[],
      ${placed.map(({ change }) => change.status ?? 'open')}::text[],
      ${placed.map(({ change }) => change.cancelReason)}::text[]
    ) as o(id, user_id, side, type, price, quantity, turnover, filled_quantity, filled_quote, fee,
      fee_asset, frozen_asset, frozen, status, cancel_reason)
    returning *`.execute(trx);
  return result.rows;
}

/** Adds the batch's changes to orders that rested before it; answers their rows. */
async function applyChanges(
  trx: Transaction<Database>,
  effects: BatchEffects,
  now: Date,
): Promise<SpotOrderRow[]> {
  const changes = [...effects.changes.values()];
  if (changes.length === 0) return [];
  const result = await sql<SpotOrderRow>`
    update spot_orders o set
      filled_quantity = o.filled_quantity + c.filled_quantity,
      filled_quote = o.filled_quote + c.filled_quote,
      fee = o.fee + c.fee,
      frozen = o.frozen + c.frozen,
      status = coalesce(c.status, o.status),
      cancel_reason = coalesce(c.cancel_reason, o.cancel_reason),
      updated_at = ${now}
    from unnest(
      ${changes.map((change) => change.orderId)}::bigint[],
      ${changes.map((change) => formatAmount(change.filledQuantity))}::numeric[],
      ${changes.map((change) => formatAmount(change.filledQuote))}::numeric[],
      ${changes.map((change) => formatAmount(change.fee))}::numeric[],
      ${changes.map((change) => formatAmount(change.frozen))}::numeric[],
      ${changes.map((change) => change.status)}::text[],
      ${changes.map((change) => change.cancelReason)}::text[]
    ) as c(id, filled_quantity, filled_quote, fee, frozen, status, cancel_reason)
    where o.id = c.id
    returning o.*`.execute(trx);
  if (result.rows.length !== changes.length) {
    throw new Error(`${changes.length - result.rows.length} resting orders were not found`);
  }
  return result.rows;
}

async function insertTrades(
  trx: Transaction<Database>,
  market: SpotMarket,
  fills: BatchEffects['fills'][number],
  now: Date,
): Promise<void> {
  if (fills.length === 0) return;
  await sql`
    insert into spot_trades (symbol, price, quantity, quote, taker_side, taker_order_id,
      maker_order_id, taker_fee, maker_fee, created_at)
    select ${market.symbol}, price, quantity, quote, taker_side, taker_order_id, maker_order_id,
      taker_fee, maker_fee, ${now}
    from unnest(
      ${fills.map((fill) => fromUnits(fill.price, market.priceScale))}::numeric[],
      ${fills.map((fill) => fromUnits(fill.quantity, market.quantityScale))}::numeric[],
      ${fills.map((fill) => formatAmount(quoteAtoms(fill.quote, market)))}::numeric[],
      ${fills.map((fill) => fill.takerSide)}::text[],
      ${fills.map((fill) => fill.takerOrderId)}::bigint[],
      ${fills.map((fill) => fill.makerOrderId)}::bigint[],
      ${fills.map((fill) => formatAmount(fill.takerFee))}::numeric[],
      ${fills.map((fill) => formatAmount(fill.makerFee))}::numeric[]
    ) as t(price, quantity, quote, taker_side, taker_order_id, maker_order_id, taker_fee,
      maker_fee)`.execute(trx);
}
