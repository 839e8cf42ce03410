// A user's money movements from the ledger itself: each posting that touched one of their
// accounts, with what it did to that account (available and frozen together), and for a spot
// fill the trade it settled (pair, side, price, quantity, fee), so a record reads as a trade.
import { sql } from 'kysely';
import type { z } from 'zod';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { recordType, type WalletName } from '../../schemas/api/wallet.schema.ts';
import type { Db } from '../db/database.ts';

export type RecordType = z.infer<typeof recordType>;

interface RecordRow {
  id: number;
  kind: string;
  wallet: WalletName;
  asset: string;
  amount: string;
  reference: string;
  created_at: Date | string;
  total: number;
  symbol: string | null;
  taker: boolean | null;
  taker_side: 'buy' | 'sell' | null;
  price: string | null;
  quantity: string | null;
  value: string | null;
  fee: string | null;
}

/** A fill's posting is referenced `spot:fill:<taker order>:<n>`: the taker order's n-th fill. */
const fillReference = '^spot:fill:[0-9]+:[0-9]+$';

export async function recordsOf(
  db: Db,
  userId: number,
  type: RecordType | undefined,
  page: number,
  size: number,
) {
  // Only the movements a user can see a type for (the liquidity provider's seeding has none).
  const types = type === undefined ? recordType.options : [type];
  const kind = sql`split_part(p.kind, '.', 1) in (${sql.join(types)})`;
  // A page is whole movements: both lines of a fill land on the same page.
  const { rows } = await sql<RecordRow>`
    with lines as (
      select p.id::int as id, p.kind, a.id as account_id, a.wallet, a.asset,
        sum(e.amount)::text as amount, p.reference, p.created_at
      from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
      join ledger_postings p on p.id = e.posting_id
      where a.user_id = ${userId} and ${kind}
      group by p.id, a.id
      having sum(e.amount) <> 0
    ),
    movements as (
      select id, count(*) over ()::int as total from (select distinct id from lines) ids
      order by id desc
      limit ${size} offset ${(page - 1) * size}
    )
    select l.id, l.kind, l.wallet, l.asset, l.amount, l.reference, l.created_at, m.total,
      f.symbol, f.taker, f.taker_side, f.price::text as price, f.quantity::text as quantity,
      f.quote::text as value, f.fee::text as fee
    from lines l
    join movements m on m.id = l.id
    left join lateral (
      select t.symbol, t.taker_side, t.price, t.quantity, t.quote,
        taker.user_id = ${userId} as taker,
        case when taker.user_id = ${userId} then t.taker_fee else t.maker_fee end as fee
      from (
        select st.*, row_number() over (order by st.id) - 1 as n
        from spot_trades st
        where st.taker_order_id = case
          when l.kind = 'trade.fill' and l.reference ~ ${fillReference}
            then split_part(l.reference, ':', 3)::bigint
        end
      ) t
      join spot_orders taker on taker.id = t.taker_order_id
      where t.n = split_part(l.reference, ':', 4)::int
    ) f on true
    order by l.id desc, l.account_id`.execute(db);
  return {
    list: rows.map((row) => ({
      id: row.id,
      type: row.kind.split('.')[0] as RecordType,
      wallet: row.wallet,
      asset: row.asset,
      amount: signed(row.amount),
      reference: row.reference,
      trade: tradeOf(row),
      created_at: new Date(row.created_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    page,
    size,
  };
}

/** The fill from the record owner's side: the taker's side, or the other one for the maker. */
function tradeOf(row: RecordRow) {
  if (row.symbol === null || row.taker_side === null || row.price === null) return null;
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
    quantity: trimmed(row.quantity ?? '0'),
    value: trimmed(row.value ?? '0'),
    fee: trimmed(row.fee ?? '0'),
    // Each side pays its fee in what it receives.
    fee_asset: side === 'buy' ? base : quote,
  } as const;
}

function trimmed(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

function signed(text: string): string {
  const negative = text.startsWith('-');
  const atoms = parseAmount(negative ? text.slice(1) : text) ?? 0n;
  return `${negative ? '-' : ''}${displayAmount(atoms)}`;
}
