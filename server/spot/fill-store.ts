// The caller's spot fills, read from the trades the matching writes (server/spot/batch-store.ts):
// a trade is the caller's when their order took (taker) or rested (maker). Each is shown from the
// caller's side, with the caller's fee in what they received.
import { sql } from 'kysely';
import type { MarketScales } from '../../core/market/order-math.ts';
import { fromUnits, toUnits } from '../../core/market/units.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { SpotFill } from '../../schemas/api/spot-fills.schema.ts';
import type { Db } from '../db/database.ts';

interface FillRow {
  id: string | number;
  symbol: string;
  order_id: string | number;
  taker: boolean;
  taker_side: 'buy' | 'sell';
  price: string;
  quantity: string;
  quote: string;
  fee: string;
  fee_asset: string;
  created_at: Date | string;
  total: string | number;
}

/**
 * One page of the user's fills, newest first. The two halves of the union each use an index on
 * the order side (`spot_trades_taker_idx`, `spot_trades_maker_idx`); self-trade prevention means a
 * trade never has the same user on both sides.
 */
export async function listFills(
  db: Db,
  userId: number,
  symbol: string | undefined,
  page: number,
  size: number,
): Promise<{ rows: FillRow[]; total: number }> {
  const inMarket = symbol === undefined ? sql`` : sql`and t.symbol = ${symbol}`;
  const { rows } = await sql<FillRow>`
    with mine as (
      select t.id, t.symbol, o.id as order_id, true as taker, t.taker_side, t.price::text as price,
        t.quantity::text as quantity, t.quote::text as quote, t.taker_fee::text as fee,
        o.fee_asset, t.created_at
      from spot_orders o join spot_trades t on t.taker_order_id = o.id
      where o.user_id = ${userId} ${inMarket}
      union all
      select t.id, t.symbol, o.id as order_id, false as taker, t.taker_side, t.price::text,
        t.quantity::text, t.quote::text, t.maker_fee::text, o.fee_asset, t.created_at
      from spot_orders o join spot_trades t on t.maker_order_id = o.id
      where o.user_id = ${userId} ${inMarket}
    )
    select *, count(*) over () as total from mine
    order by id desc limit ${size} offset ${(page - 1) * size}`.execute(db);
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

/** A decimal from the database at a market's scale (`97000.10000000` → `97000.10`). */
function atScale(text: string, scale: number): string {
  return fromUnits(toUnits(text, scale, true) ?? 0, scale);
}

export function fillView(row: FillRow, scales: MarketScales): SpotFill {
  const takerSide = row.taker_side;
  return {
    id: Number(row.id),
    symbol: row.symbol,
    order_id: Number(row.order_id),
    side: row.taker ? takerSide : takerSide === 'buy' ? 'sell' : 'buy',
    role: row.taker ? 'taker' : 'maker',
    price: atScale(row.price, scales.priceScale),
    quantity: atScale(row.quantity, scales.quantityScale),
    quote: displayAmount(parseAmount(row.quote) ?? 0n),
    fee: displayAmount(parseAmount(row.fee) ?? 0n),
    fee_asset: row.fee_asset,
    created_at: new Date(row.created_at).toISOString(),
  };
}
