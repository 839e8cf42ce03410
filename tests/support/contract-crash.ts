// The crash scenario the contract tests share: 1,000 leveraged BTC positions open at 100,000
// (longs isolated and cross at 2× to 50×, shorts cross at 3×), a bidder resting a little below;
// then, once the index has fallen to 80,000, what must hold: exactly the longs whose liquidation
// price (as `/contract/positions` showed it before the fall) the mark reached are liquidated, each
// once, at the price shown, through the bidder's orders and auto-deleveraging; longs and shorts
// still hold the same quantity; the insurance fund is not below zero; the ledger check holds.
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { ContractOrder, ContractPosition } from '../../schemas/api/contract.schema.ts';
import type { Db } from '../../server/db/database.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from './api-client.ts';
import { expectOk } from './expectations.ts';
import { type SeededTrader, seedTraders } from './seeded-traders.ts';

export const crashPairs = 500;
export const crashFrom = 100_000;
export const crashTo = 80_000;
const usdt = 100_000_000n;

/** A fixed pseudo-random sequence, so a failure can be run again as it was. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Reads until `done` holds; gives up after `deadlineMs` with what it last read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  deadlineMs = 180_000,
): Promise<T> {
  const giveUpAt = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > giveUpAt) {
      throw new Error(`gave up waiting; last read: ${JSON.stringify(value)?.slice(0, 300)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The BTCUSDT mark the server shows, as text; null before the first. */
export async function markOf(url: string): Promise<string | null> {
  const answer = await new ApiClient(url).get<{
    list: { symbol: string; mark_price: string | null }[];
  }>('/contract/markets');
  return answer.body.data.list.find((market) => market.symbol === 'BTCUSDT')?.mark_price ?? null;
}

async function open(url: string, trader: SeededTrader, body: Record<string, string>) {
  const answer = await new ApiClient(url).post<ContractOrder>('/contract/open', body, {
    token: trader.token,
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expectOk(answer);
}

async function positionOf(url: string, trader: SeededTrader): Promise<ContractPosition> {
  const answer = await new ApiClient(url).get<{ list: ContractPosition[] }>(
    '/contract/positions',
    { symbol: 'BTCUSDT' },
    { token: trader.token },
  );
  expectOk(answer);
  const position = answer.body.data.list[0];
  if (!position) throw new Error(`trader ${trader.userId} holds no position`);
  return position;
}

/**
 * Opens the positions on the server at `url` (its BTCUSDT mark at 100,000) and answers the longs'
 * positions as shown, and the ids of those the fall to 80,000 must liquidate.
 */
export async function openCrashPositions(url: string, db: Db) {
  const random = sequence(20_261_124);
  const [bidder, ...traders] = await seedTraders(db, 2 * crashPairs + 1, 20_000n * usdt);
  if (!bidder) throw new Error('no bidder');
  const shorts = traders.slice(0, crashPairs);
  const longs = traders.slice(crashPairs);
  const quantities = longs.map(() => (1 + Math.floor(random() * 30)) / 1000);
  const leverages = [2, 5, 10, 20, 25, 50];
  const terms = { symbol: 'BTCUSDT', price: String(crashFrom) };
  await Promise.all(
    shorts.map((trader, i) =>
      open(url, trader, {
        ...terms,
        direction: 'short',
        type: 'limit',
        quantity: String(quantities[i]),
        leverage: '3',
        margin_mode: 'cross',
      }),
    ),
  );
  await Promise.all(
    longs.map((trader, i) =>
      open(url, trader, {
        symbol: 'BTCUSDT',
        direction: 'long',
        type: 'market',
        quantity: String(quantities[i]),
        leverage: String(leverages[i % leverages.length]),
        margin_mode: i % 2 === 0 ? 'isolated' : 'cross',
      }),
    ),
  );
  // The bidder's orders take part of what is liquidated; the shorts take the rest.
  for (const price of ['90000', '85000']) {
    await open(url, bidder, {
      symbol: 'BTCUSDT',
      direction: 'long',
      type: 'limit',
      price,
      quantity: '0.15',
      leverage: '2',
      margin_mode: 'cross',
    });
  }
  const shown = new Map<number, ContractPosition>();
  const owners = new Map<number, SeededTrader>();
  for (const trader of longs) {
    const position = await positionOf(url, trader);
    shown.set(position.id, position);
    owners.set(position.id, trader);
  }
  const doomed = new Set(
    [...shown.values()]
      .filter(
        (position) =>
          position.liquidation_price !== null && Number(position.liquidation_price) >= crashTo,
      )
      .map((position) => position.id),
  );
  // The fall must liquidate some and spare others, or the scenario proves nothing.
  expect(doomed.size).toBeGreaterThan(100);
  expect(doomed.size).toBeLessThan(crashPairs);
  return { shown, owners, doomed };
}

interface LiquidationRow {
  position_id: string;
  liquidation_price: string | null;
  mark_price: string;
  filled_quantity: string;
  adl_quantity: string;
}

export async function liquidations(db: Db): Promise<LiquidationRow[]> {
  const { rows } = await sql<LiquidationRow>`
    select position_id::text, liquidation_price::text, mark_price::text,
      filled_quantity::text, adl_quantity::text
    from contract_liquidations`.execute(db);
  return rows;
}

/** Waits for every doomed position's liquidation, then checks everything that must hold. */
export async function expectCrashSettled(
  db: Db,
  crash: { shown: ReadonlyMap<number, ContractPosition>; doomed: ReadonlySet<number> },
): Promise<void> {
  const rows = await until(
    () => liquidations(db),
    (found) => found.length >= crash.doomed.size,
  );
  // Each doomed position once, and no other.
  expect(rows.map((row) => Number(row.position_id)).sort((a, b) => a - b)).toEqual(
    [...crash.doomed].sort((a, b) => a - b),
  );
  expect(rows.some((row) => Number(row.filled_quantity) > 0)).toBe(true);
  expect(rows.some((row) => Number(row.adl_quantity) > 0)).toBe(true);
  for (const row of rows) {
    expect(Number(row.mark_price)).toBe(crashTo);
    const before = crash.shown.get(Number(row.position_id));
    expect(Number(row.liquidation_price).toFixed(2)).toBe(before?.liquidation_price);
  }
  const closed = await sql<{ close_reason: string; n: number }>`
    select close_reason, count(*)::int as n from contract_positions
    where id = any(${[...crash.doomed]}::bigint[]) group by close_reason`.execute(db);
  expect(closed.rows).toEqual([{ close_reason: 'liquidation', n: crash.doomed.size }]);
  const sides = await sql<{ direction: string; quantity: string }>`
    select direction, sum(quantity)::text as quantity from contract_positions
    where status = 'open' group by direction order by direction`.execute(db);
  expect(sides.rows[0]?.quantity).toBe(sides.rows[1]?.quantity);
  const fund = await sql<{ available: string }>`
    select available::text from ledger_accounts
    where system_name = 'insurance' and asset = 'USDT'`.execute(db);
  expect(Number(fund.rows[0]?.available ?? '0')).toBeGreaterThanOrEqual(0);
  expect(await auditLedger(db)).toEqual([]);
}
