// The trades a page of spot fill records settled, read at once: a fill's posting names the taker
// order and which of its fills it was, and the record shows the fill from its owner's side (the
// taker's side, or the other one for the maker), with the owner's fee in what they received.
import { type Kysely, sql } from 'kysely';
import type { RecordTrade } from '../../schemas/api/wallet.schema.ts';
import type { Database } from '../db/tables.ts';

interface TradeRow {
  n: number;
  symbol: string;
  taker: boolean;
  taker_side: 'buy' | 'sell';
  price: string;
  quantity: string;
  value: string;
  fee: string;
}

/** The trade of each `(takerOrder, n)`, in the order asked; null where none is found. */
export async function fillTrades(
  db: Kysely<Database>,
  userId: number,
  fills: readonly { takerOrder: number; n: number }[],
): Promise<(RecordTrade | null)[]> {
  if (fills.length === 0) return [];
  const { rows } = await sql<TradeRow>`
    with wanted as (
      select * from unnest(
        ${fills.map((fill) => fill.takerOrder)}::bigint[],
        ${fills.map((fill) => fill.n)}::int[],
        ${fills.map((_, index) => index)}::int[]) as w(taker_order_id, n, i)
    )
    select w.i as n, t.symbol, t.taker_side, t.price::text as price,
      t.quantity::text as quantity, t.quote::text as value,
      taker.user_id = ${userId} as taker,
      (case when taker.user_id = ${userId} then t.taker_fee else t.maker_fee end)::text as fee
    from wanted w
    join lateral (
      select st.* from spot_trades st
      where st.taker_order_id = w.taker_order_id
      order by st.id offset w.n limit 1
    ) t on true
    join spot_orders taker on taker.id = t.taker_order_id`.execute(db);
  const byIndex = new Map(rows.map((row) => [Number(row.n), tradeOf(row)]));
  return fills.map((_, index) => byIndex.get(index) ?? null);
}

function tradeOf(row: TradeRow): RecordTrade {
  const side = row.taker ? row.taker_side : row.taker_side === 'buy' ? 'sell' : 'buy';
  // Every listed market is quoted in USDT (server/market/catalog.ts).
  const quote = 'USDT';
  const base = row.symbol.endsWith(quote) ? row.symbol.slice(0, -quote.length) : row.symbol;
  return {
    symbol: row.symbol,
    base,
    quote,
    side,
    price: trimmed(row.price),
    quantity: trimmed(row.quantity),
    value: trimmed(row.value),
    fee: trimmed(row.fee),
    // Each side pays its fee in what it receives.
    fee_asset: side === 'buy' ? base : quote,
  };
}

function trimmed(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
