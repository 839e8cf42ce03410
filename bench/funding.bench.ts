// A funding round for 100,000 open positions (`npm run bench -- funding`), on PGlite and, when one
// answers, on PostgreSQL: the contract engine's round (server/contract/funding-payments.ts: one
// posting for the round, the positions and payments written set-based) against the naive round,
// one posting, one position update and one payment insert per position, in one transaction. The
// naive round takes minutes at 100,000 (five statements a position), so the two are compared on
// 5,000 positions, where both pay the same positions at the same mark and rate and their payments
// are checked equal; the engine's round is then timed on 100,000. `FUNDING_POSITIONS` and
// `FUNDING_COMPARED` change the two counts.

import { sql } from 'kysely';
import { fundingRound } from '../core/contract/funding.ts';
import { formatAmount } from '../core/money.ts';
import { contractMarketOf } from '../server/contract/contract-markets.ts';
import type { PositionState } from '../server/contract/engine-state.ts';
import type { OpenedDatabase } from '../server/db/database.ts';
import type { SliceBudget } from '../server/engine/slice-sizer.ts';
import type { AccountRef } from '../server/ledger/accounts.ts';
import { post } from '../server/ledger/post.ts';
import { knownMarkets } from '../server/market/catalog.ts';
import { readyContractEngine } from '../tests/support/ready-writers.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';
import { seedPositions } from './funding-positions.ts';

const full = Number(process.env.FUNDING_POSITIONS ?? 100_000);
const compared = Number(process.env.FUNDING_COMPARED ?? 5_000);
const usdt = 100_000_000n;
const mark = 100_000n * usdt;
/** 0.01 % a round: longs pay shorts. */
const rate = 10_000n;
const spec = knownMarkets.find((candidate) => candidate.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });

interface Row {
  database: string;
  round: string;
  positions: number;
  statements: number;
  ms: number;
  /** The longest single command, ms. */
  hold?: number;
  /** The 99th percentile of the commands, ms, and which slice was the longest (1 = the first). */
  p99?: number;
  longest?: number;
  slices?: number;
}

/** The whole round as one slice: the round as it was paid before slices, for comparison. */
const wholeRound = (count: number): SliceBudget => ({
  targetMs: Number.POSITIVE_INFINITY,
  min: count,
  max: count,
  first: count,
});

/**
 * The engine's round, a slice per command until it is finished (or, `whole`, in one slice);
 * `hold` is the longest command: how long an order queued behind the round waits.
 */
async function engineRound(
  opened: OpenedDatabase,
  database: string,
  count: number,
  whole: boolean,
  fundingTime: Date,
): Promise<Row> {
  const engine = await readyContractEngine(
    opened.db,
    market,
    mark,
    whole ? { fundingSlice: wholeRound(count) } : {},
  );
  const before = opened.stats.statements;
  const started = performance.now();
  const command = {
    kind: 'fund' as const,
    symbol: market.symbol,
    rate,
    mark,
    fundingTime,
    samples: 0,
  };
  let paid = 0;
  const holds: number[] = [];
  let slices = 0;
  for (;;) {
    const sent = performance.now();
    const slice = await engine.fund(command);
    holds.push(performance.now() - sent);
    paid += slice.payments;
    slices += 1;
    if (slice.finished) break;
  }
  const ms = performance.now() - started;
  if (paid !== count) throw new Error(`the engine paid ${paid} of ${count} positions`);
  return {
    database,
    round: whole ? 'engine, the whole round in one slice (before)' : 'engine, slices of ~40 ms',
    positions: count,
    statements: opened.stats.statements - before,
    ms,
    hold: Math.max(...holds),
    p99: [...holds].sort((a, b) => a - b)[Math.floor(holds.length * 0.99)] ?? 0,
    longest: holds.indexOf(Math.max(...holds)) + 1,
    slices,
  };
}

/** The naive round: per position a posting, a position update and a payment row. */
async function naiveRound(
  opened: OpenedDatabase,
  database: string,
  positions: readonly PositionState[],
): Promise<Row> {
  const { db } = opened;
  const round = fundingRound(positions, mark, rate);
  const before = opened.stats.statements;
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    const inserted = await sql<{ id: string }>`
      insert into contract_funding_rounds (symbol, funding_time, rate, mark_price, samples, paid,
        received, remainder, shortfall)
      values (${market.symbol}, ${new Date(Date.UTC(2026, 0, 2))}, ${rate.toString()}::bigint,
        ${formatAmount(mark)}, 0, 0, 0, ${formatAmount(round.remainder)}, 0)
      returning id::text`.execute(trx);
    const roundId = inserted.rows[0]?.id;
    for (const [i, position] of positions.entries()) {
      const amount = round.payments[i] ?? 0n;
      const bucket = position.marginMode === 'isolated' ? 'frozen' : 'available';
      const wallet: AccountRef = { user: position.userId, wallet: 'contract', asset: 'USDT' };
      const pool: AccountRef = { system: 'insurance', asset: 'USDT' };
      await post(trx, {
        kind: 'contract.funding',
        reference: `bench:naive:${position.id}`,
        legs: [
          { account: wallet, bucket, amount },
          { account: pool, bucket: 'available', amount: -amount },
        ],
      });
      await sql`
        update contract_positions set funding_fee = funding_fee + ${formatAmount(amount)}::numeric
        where id = ${position.id}`.execute(trx);
      await sql`
        insert into contract_funding_payments (round_id, position_id, user_id, direction,
          quantity, amount)
        values (${roundId}::bigint, ${position.id}, ${position.userId}, ${position.direction},
          ${formatAmount(position.quantity)}, ${formatAmount(amount)}::numeric)`.execute(trx);
    }
  });
  return {
    database,
    round: 'naive: one posting per position',
    positions: positions.length,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
  };
}

/** The two rounds paid every position the same. */
async function checkSame(opened: OpenedDatabase): Promise<void> {
  const { rows } = await sql<{ differing: number }>`
    select count(*)::int as differing from contract_funding_payments a
    join contract_funding_payments b on a.position_id = b.position_id and a.round_id < b.round_id
    where a.amount <> b.amount`.execute(opened.db);
  if ((rows[0]?.differing ?? 1) !== 0) throw new Error('the two rounds paid differently');
}

/** On a fresh database of `count` positions: the engine's round, and the naive one when asked. */
async function measure(
  open: OpenFresh,
  database: string,
  count: number,
  naive: boolean,
): Promise<Row[]> {
  const { opened, close } = await open();
  try {
    const positions = await seedPositions(opened, market, mark, count);
    const rows = [
      await engineRound(opened, database, count, false, new Date(Date.UTC(2026, 0, 1))),
    ];
    // The same positions again, at the next funding time, as one slice.
    if (!naive)
      rows.push(await engineRound(opened, database, count, true, new Date(Date.UTC(2026, 0, 2))));
    if (naive) {
      rows.push(await naiveRound(opened, database, positions));
      await checkSame(opened);
    }
    return rows;
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  const databases = await benchDatabases();
  const rows: Row[] = [];
  for (const [name, open] of databases) {
    rows.push(...(await measure(open, name, compared, true)));
    rows.push(...(await measure(open, name, full, false)));
  }
  const lines = [
    `One round each way on ${compared.toLocaleString('en')} positions (the same payments), and the engine's on ${full.toLocaleString('en')}.`,
    '',
    '| database | round | positions | statements | ms | slices | p99 hold (ms) | longest hold (ms) | longest slice | fewer statements | faster |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const naive = rows.find(
      (other) =>
        other.database === row.database &&
        other.positions === row.positions &&
        other.round.startsWith('naive'),
    );
    const ratio = (a: number, b: number) => (naive ? `${(a / b).toFixed(0)}×` : '');
    lines.push(
      `| ${row.database} | ${row.round} | ${row.positions.toLocaleString('en')} | ${row.statements.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${row.slices ?? ''} | ${row.p99 === undefined ? '' : row.p99.toFixed(0)} | ${row.hold === undefined ? '' : row.hold.toFixed(0)} | ${row.longest ?? ''} | ${naive ? ratio(naive.statements, row.statements) : ''} | ${naive ? ratio(naive.ms, row.ms) : ''} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
