// Today's profit and loss across all of a user's wallets, as the home page shows it for a signed-in
// user (docs/wallet.md § "Today's PnL"). The day starts at 00:00 UTC. For every asset:
//
//   PnL = held now × price now − held at the day's start × the day's opening price
//         − (deposited − withdrawn today) × price now
//
// Money moved in or out is valued at today's price so that a deposit is never counted as a gain,
// and a coin bought today counts exactly its move since it was bought (the quote paid for it left
// the USDT line at 1). What was held at the day's start is what is held now less today's postings,
// read from the ledger itself, so nothing is snapshotted. Prices are trade prices (the last trade
// and the daily candle's open) as the 24 h change uses; an asset with no market counts in neither
// side. Exact integer arithmetic in atoms throughout.
import { sql } from 'kysely';
import { fromUnits, percentOf } from '../../core/market/units.ts';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { MarketService } from '../market/market-service.ts';
import type { Balance } from './balances.ts';

const dayMs = 86_400_000;
const atomScale = 10n ** 8n;
/** The wallet's kinds that move money across the exchange's edge, not between its books. */
const edgeKinds = ['deposit', 'withdrawal.%'];

/** An asset's price in USDT atoms now and at the day's start; null when it has no market. */
export type DayPrices = (asset: string) => { now: bigint; open: bigint } | null;

interface MovedToday {
  asset: string;
  /** Every posting today on the user's accounts, both buckets. */
  moved: string;
  /** Of which deposits and withdrawals. */
  crossed: string;
}

/** A signed decimal of the ledger (a sum may be negative) in atoms. */
function signedAtoms(text: string): bigint {
  const negative = text.startsWith('-');
  const atoms = parseAmount(negative ? text.slice(1) : text) ?? 0n;
  return negative ? -atoms : atoms;
}

export const dayStart = (now: number) => Math.floor(now / dayMs) * dayMs;

/** The last trade and the day's opening trade of `<asset>USDT`, USDT itself at 1. */
export function dayPrices(market: MarketService, now: number): DayPrices {
  const start = dayStart(now);
  return (asset) => {
    if (asset === 'USDT') return { now: atomScale, open: atomScale };
    const state = market.market(`${asset}USDT`);
    const last = state?.last;
    if (!state || !last) return null;
    const day = state.candles.series['1d'].last();
    const open = day && day.t === start ? day.o : last.price;
    const atoms = (ticks: number) => parseAmount(fromUnits(ticks, state.spec.priceScale)) ?? 0n;
    return { now: atoms(last.price), open: atoms(open) };
  };
}

async function movedToday(db: Db, userId: number, since: Date): Promise<MovedToday[]> {
  const { rows } = await sql<MovedToday>`
    select a.asset,
      sum(e.amount)::text as moved,
      coalesce(sum(e.amount) filter (where p.kind like any(${edgeKinds}::text[])), 0)::text
        as crossed
    from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_postings p on p.id = e.posting_id
    where a.user_id = ${userId} and p.created_at >= ${since}
    group by a.asset`.execute(db);
  return rows;
}

export interface TodayPnl {
  /** In USDT, signed, 8 decimals. */
  pnl: string;
  /** Of what was held at the day's start, two decimals; null when nothing was held. */
  pnl_pct: string | null;
  /** The day's start, ms since the epoch (00:00 UTC). */
  since: number;
}

/** The pure sum over assets, given what is held now, what moved today and the prices. */
export function pnlOf(
  held: ReadonlyMap<string, bigint>,
  moved: ReadonlyMap<string, { moved: bigint; crossed: bigint }>,
  prices: DayPrices,
): { pnl: bigint; opening: bigint } {
  let pnl = 0n;
  let opening = 0n;
  for (const asset of new Set([...held.keys(), ...moved.keys()])) {
    const price = prices(asset);
    if (!price) continue;
    const now = held.get(asset) ?? 0n;
    const today = moved.get(asset) ?? { moved: 0n, crossed: 0n };
    const atStart = now - today.moved;
    const startValue = atStart * price.open;
    opening += startValue;
    pnl += (now - today.crossed) * price.now - startValue;
  }
  // Both sums are in atoms × price atoms: back to atoms, rounded half away from zero.
  const half = atomScale / 2n;
  const round = (value: bigint) =>
    value < 0n ? -((-value + half) / atomScale) : (value + half) / atomScale;
  return { pnl: round(pnl), opening: round(opening) };
}

export async function todayPnl(
  db: Db,
  balances: readonly Balance[],
  market: MarketService,
  userId: number,
  now: number,
): Promise<TodayPnl> {
  const since = dayStart(now);
  const held = new Map<string, bigint>();
  for (const balance of balances) {
    const amount = (parseAmount(balance.available) ?? 0n) + (parseAmount(balance.frozen) ?? 0n);
    held.set(balance.asset, (held.get(balance.asset) ?? 0n) + amount);
  }
  const moved = new Map(
    (await movedToday(db, userId, new Date(since))).map((row) => [
      row.asset,
      { moved: signedAtoms(row.moved), crossed: signedAtoms(row.crossed) },
    ]),
  );
  const { pnl, opening } = pnlOf(held, moved, dayPrices(market, now));
  return {
    pnl: displayAmount(pnl),
    pnl_pct: opening > 0n ? percentOf(pnl, opening) : null,
    since,
  };
}
