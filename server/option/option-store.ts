// The second contract's rows: contracts inserted in one statement per batch; settlements, one row
// per group of contracts that share a market, an opening second and an expiry, inserted in one
// statement per batch; the open contracts read back at start; a user's contracts with their
// group's settlement (a contract the slices of its group's settlement have not reached yet reads as
// open); the prints and daily losses the writer reads. Amounts are atoms in memory and
// decimal strings in the database.
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { IndexPrint, OptionOutcome } from '../../core/option/settlement.ts';
import type { Database } from '../db/tables.ts';

/** A contract as accepted: its terms, fixed for good. */
export interface OptionRow {
  id: number;
  userId: number;
  symbol: string;
  direction: 'up' | 'down';
  unit: 'minute' | 'hour' | 'day';
  length: number;
  stake: bigint;
  ratePpm: number;
  acceptedAt: number;
  openTime: number;
  expiryTime: number;
}

/** The contracts of a market that open and expire in the same seconds: one pair of prints. */
export interface OptionGroup {
  symbol: string;
  openTime: number;
  expiryTime: number;
}

/** A group settled: the prints the rule read and what they mean for an up contract. */
export interface GroupSettlement extends OptionGroup {
  openPrice: bigint | null;
  openPrintAt: number | null;
  settlePrice: bigint | null;
  settlePrintAt: number | null;
  upOutcome: OptionOutcome;
  settledAt: number;
}

/** A recorded print with the sources that made it. */
export interface StoredPrint extends IndexPrint {
  symbol: string;
  sources: string[];
}

type Db = Kysely<Database>;

export const groupKey = (group: OptionGroup): string =>
  `${group.symbol}:${group.openTime}:${group.expiryTime}`;

const atoms = (value: unknown): bigint => parseAmount(String(value)) ?? 0n;
const maybeAtoms = (value: unknown): bigint | null => (value === null ? null : atoms(value));
const ms = (value: unknown): number => new Date(value as string | Date).getTime();
const maybeMs = (value: unknown): number | null => (value === null ? null : ms(value));
const maybeText = (value: bigint | null) => (value === null ? null : formatAmount(value));
const maybeIso = (value: number | null) => (value === null ? null : new Date(value).toISOString());
const iso = (value: number) => new Date(value).toISOString();

/**
 * A contract's group settlement, joined to `c`: none while the group is open, and none either for
 * a contract the slices of its group's settlement have not reached yet (option_settlement_rounds:
 * contracts settle in id order, through the round's last one), so a contract reads as settled
 * exactly when its payout is written.
 */
const settlementJoin = sql`left join option_settlements s
    on s.symbol = c.symbol and s.open_time = c.open_time and s.expiry_time = c.expiry_time
    and not exists (select 1 from option_settlement_rounds r
      where r.symbol = c.symbol and r.open_time = c.open_time and r.expiry_time = c.expiry_time
        and c.id > r.through_contract)`;

/** The contract's columns and its group's settlement (null while open), by a left join. */
const selected = sql`
  c.id, c.user_id, c.symbol, c.direction, c.unit, c.length, c.stake::text as stake, c.rate_ppm,
  c.accepted_at, c.open_time, c.expiry_time, s.open_price::text as open_price, s.open_print_at,
  s.settle_price::text as settle_price, s.settle_print_at, s.up_outcome, s.settled_at
  from option_contracts c ${settlementJoin}`;

type Joined = Record<string, unknown>;

function rowOf(row: Joined): OptionRow {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    symbol: String(row.symbol),
    direction: row.direction as OptionRow['direction'],
    unit: row.unit as OptionRow['unit'],
    length: Number(row.length),
    stake: atoms(row.stake),
    ratePpm: Number(row.rate_ppm),
    acceptedAt: ms(row.accepted_at),
    openTime: ms(row.open_time),
    expiryTime: ms(row.expiry_time),
  };
}

export function settlementOf(row: Joined): GroupSettlement | null {
  if (row.up_outcome === null || row.up_outcome === undefined) return null;
  return {
    symbol: String(row.symbol),
    openTime: ms(row.open_time),
    expiryTime: ms(row.expiry_time),
    openPrice: maybeAtoms(row.open_price),
    openPrintAt: maybeMs(row.open_print_at),
    settlePrice: maybeAtoms(row.settle_price),
    settlePrintAt: maybeMs(row.settle_print_at),
    upOutcome: row.up_outcome as OptionOutcome,
    settledAt: ms(row.settled_at),
  };
}

export interface StoredContract {
  row: OptionRow;
  settlement: GroupSettlement | null;
}

const storedOf = (row: Joined): StoredContract => ({
  row: rowOf(row),
  settlement: settlementOf(row),
});

export async function insertContracts(trx: Transaction<Database>, rows: readonly OptionRow[]) {
  if (rows.length === 0) return;
  await sql`
    insert into option_contracts (id, user_id, symbol, direction, unit, length, stake, rate_ppm,
      accepted_at, open_time, expiry_time)
    select * from unnest(
      ${rows.map((row) => row.id)}::bigint[],
      ${rows.map((row) => row.userId)}::int[],
      ${rows.map((row) => row.symbol)}::text[],
      ${rows.map((row) => row.direction)}::text[],
      ${rows.map((row) => row.unit)}::text[],
      ${rows.map((row) => row.length)}::int[],
      ${rows.map((row) => formatAmount(row.stake))}::numeric[],
      ${rows.map((row) => row.ratePpm)}::int[],
      ${rows.map((row) => iso(row.acceptedAt))}::timestamptz[],
      ${rows.map((row) => iso(row.openTime))}::timestamptz[],
      ${rows.map((row) => iso(row.expiryTime))}::timestamptz[]
    )`.execute(trx);
}

/** Settles groups, each once: a group already settled is refused by its unique key. */
export async function insertSettlements(
  trx: Transaction<Database>,
  settlements: readonly (GroupSettlement & { contracts: number })[],
) {
  if (settlements.length === 0) return;
  await sql`
    insert into option_settlements (symbol, open_time, expiry_time, open_price, open_print_at,
      settle_price, settle_print_at, up_outcome, contracts, settled_at)
    select * from unnest(
      ${settlements.map((s) => s.symbol)}::text[],
      ${settlements.map((s) => iso(s.openTime))}::timestamptz[],
      ${settlements.map((s) => iso(s.expiryTime))}::timestamptz[],
      ${settlements.map((s) => maybeText(s.openPrice))}::numeric[],
      ${settlements.map((s) => maybeIso(s.openPrintAt))}::timestamptz[],
      ${settlements.map((s) => maybeText(s.settlePrice))}::numeric[],
      ${settlements.map((s) => maybeIso(s.settlePrintAt))}::timestamptz[],
      ${settlements.map((s) => s.upOutcome)}::text[],
      ${settlements.map((s) => s.contracts)}::int[],
      ${settlements.map((s) => iso(s.settledAt))}::timestamptz[]
    )`.execute(trx);
}

/** The contracts not settled yet, in id order (the order a group's slices settle them in). */
export async function openContracts(db: Db): Promise<OptionRow[]> {
  const { rows } = await sql<Joined>`select ${selected} where s.id is null order by c.id`.execute(
    db,
  );
  return rows.map(rowOf);
}

export async function lastContractId(db: Db): Promise<number> {
  const { rows } = await sql<{ last: string }>`
    select coalesce(max(id), 0)::text as last from option_contracts`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

export async function findContract(db: Db, id: number): Promise<StoredContract | undefined> {
  const { rows } = await sql<Joined>`select ${selected} where c.id = ${id}`.execute(db);
  return rows[0] ? storedOf(rows[0]) : undefined;
}

export async function listContracts(
  db: Db,
  query: { userId: number; open: boolean; symbol?: string; page: number; size: number },
): Promise<{ list: StoredContract[]; total: number }> {
  const where = sql`where c.user_id = ${query.userId}
    and s.id is ${query.open ? sql`null` : sql`not null`}
    ${query.symbol ? sql`and c.symbol = ${query.symbol}` : sql``}`;
  const [rows, count] = await Promise.all([
    sql<Joined>`select ${selected} ${where} order by c.id desc
      limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(db),
    sql<{ total: string }>`select count(*)::text as total
      from option_contracts c ${settlementJoin} ${where}`.execute(db),
  ]);
  return { list: rows.rows.map(storedOf), total: Number(count.rows[0]?.total ?? 0) };
}

/**
 * Each user's loss in the UTC day that began at `dayStart`: the stakes of contracts accepted since
 * then (open ones count whole, as at risk) less what was paid back on them, by the rule's payout
 * (core/option/settlement.ts `payoutOf`: a win pays the stake and its rate's share rounded down).
 */
export async function lossesSince(
  db: Db,
  userIds: readonly number[],
  dayStart: number,
): Promise<Map<number, bigint>> {
  if (userIds.length === 0) return new Map();
  const { rows } = await sql<{ user_id: number; lost: string }>`
    select c.user_id, sum(c.stake - case
        when s.id is null then 0
        when s.up_outcome in ('refund', 'void') then c.stake
        when (s.up_outcome = 'win') = (c.direction = 'up')
          then c.stake + trunc(c.stake * c.rate_ppm / 1000000, 8)
        else 0 end)::text as lost
    from option_contracts c ${settlementJoin}
    where c.user_id = any(${[...userIds]}::int[]) and c.accepted_at >= ${iso(dayStart)}
    group by c.user_id`.execute(db);
  return new Map(rows.map((row) => [row.user_id, atoms(row.lost)]));
}

/**
 * The stakes a user lost on contracts accepted since `dayStart`: those settled against their
 * direction, each counted whole. What the page calls "lost today"; wins do not net it down and
 * open contracts are not in it (the daily limit, `lossesSince`, counts both).
 */
export async function lostStakesSince(db: Db, userId: number, dayStart: number): Promise<bigint> {
  const { rows } = await sql<{ lost: string | null }>`
    select sum(c.stake)::text as lost
    from option_contracts c ${settlementJoin}
    where c.user_id = ${userId} and c.accepted_at >= ${iso(dayStart)}
      and s.up_outcome in ('win', 'lose') and (s.up_outcome = 'win') <> (c.direction = 'up')`.execute(
    db,
  );
  return rows[0]?.lost ? atoms(rows[0].lost) : 0n;
}

/** The prints recorded in each window `[from, to]` of a market, in time order. */
export async function printsIn(
  db: Db,
  windows: readonly { symbol: string; from: number; to: number }[],
): Promise<StoredPrint[]> {
  if (windows.length === 0) return [];
  const { rows } = await sql<{
    symbol: string;
    ts: Date | string;
    price: string;
    sources: string[];
    stale: boolean;
  }>`
    select distinct p.symbol, p.ts, p.price::text as price, p.sources, p.stale
    from unnest(
      ${windows.map((window) => window.symbol)}::text[],
      ${windows.map((window) => iso(window.from))}::timestamptz[],
      ${windows.map((window) => iso(window.to))}::timestamptz[]
    ) as w(symbol, from_ts, to_ts)
    join index_prints p on p.symbol = w.symbol and p.ts between w.from_ts and w.to_ts
    order by p.symbol, p.ts`.execute(db);
  return rows.map((row) => ({
    symbol: row.symbol,
    ts: ms(row.ts),
    price: atoms(row.price),
    sources: row.sources,
    stale: row.stale,
  }));
}
