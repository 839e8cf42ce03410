// Perpetual orders under a funding round (`npm run bench -- funding-load`), on PGlite and, when one
// answers, on PostgreSQL: 100,000 open BTCUSDT positions seeded set-based, then crossing longs at
// concurrency 32 straight into the contract engine (one fill each from a maker's resting shorts,
// in the same market the round pays), a warm-up, a quiet phase of a fixed number of orders, and a
// funding round started while the same load keeps running until the round is paid. It prints the
// order p50/p99 of the quiet phase and of the round in the same run, their p99 ratio (the target
// is ≤ 2×), the round's time and how many `fund` calls it took, and the longest time no order was
// answered, which is about the longest one batch held the writer. The round is paid by
// funding-load/pay-round.ts, which takes the engine's one-command round and a round in slices.
// `FUNDING_LOAD_POSITIONS` (100,000), `FUNDING_LOAD_QUIET_ORDERS` (10,000), `FUNDING_LOAD_WARMUP`
// (1,000) and `FUNDING_LOAD_CONCURRENCY` (32) change the run.
import { sql } from 'kysely';
import { contractMarketOf } from '../server/contract/contract-markets.ts';
import type { FundingCommand } from '../server/contract/funding-payments.ts';
import { auditLedger } from '../server/ledger-audit.ts';
import { knownMarkets } from '../server/market/catalog.ts';
import { readyContractEngine } from '../tests/support/ready-writers.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';
import { crossingOrders } from './funding-load/crossing-orders.ts';
import { payRound } from './funding-load/pay-round.ts';
import { type PhaseStats, phaseStats, TimedLoad } from './funding-load/timed-load.ts';
import { seedPositions } from './funding-positions.ts';
import { type Column, markdownTable } from './table.ts';

const positions = Number(process.env.FUNDING_LOAD_POSITIONS ?? 100_000);
const quietOrders = Number(process.env.FUNDING_LOAD_QUIET_ORDERS ?? 10_000);
const warmup = Number(process.env.FUNDING_LOAD_WARMUP ?? 1_000);
const concurrency = Number(process.env.FUNDING_LOAD_CONCURRENCY ?? 32);
const usdt = 100_000_000n;
const mark = 100_000n * usdt;
const spec = knownMarkets.find((candidate) => candidate.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
/** 0.01 % a round: longs pay shorts. */
const command: FundingCommand = {
  kind: 'fund',
  symbol: market.symbol,
  rate: 10_000n,
  mark,
  fundingTime: new Date(Date.UTC(2026, 0, 1)),
  samples: 0,
};

interface Run {
  database: string;
  quiet: PhaseStats;
  round: PhaseStats;
  roundMs: number;
  /** The positions `fund` answered it paid: those its slices paid. */
  paid: number;
  /** The payments the round wrote, those orders paid ahead of their slice among them. */
  written: number;
  open: number;
  calls: number;
  longestCallMs: number;
  seedMs: number;
  ledgerProblems: string[];
}

/** A line on stderr per stage: a run of 100,000 positions takes minutes per database. */
function progress(database: string, stage: string): void {
  process.stderr.write(`${database}: ${stage}\n`);
}

async function measure(database: string, open: OpenFresh): Promise<Run> {
  const { opened, close } = await open();
  try {
    const seedStarted = performance.now();
    await seedPositions(opened, market, mark, positions);
    const engine = await readyContractEngine(opened.db, market, mark);
    const seedMs = performance.now() - seedStarted;
    progress(database, `${positions} positions seeded in ${(seedMs / 1000).toFixed(0)} s`);
    const crossing = await crossingOrders(opened.db, engine, market, mark, concurrency);
    const load = new TimedLoad(concurrency, crossing);
    await load.answered(warmup);
    const quietStart = performance.now();
    await load.answered(quietOrders);
    const roundStart = performance.now();
    progress(database, 'quiet phase measured, round started');
    const paid = await payRound(engine, command);
    const roundEnd = performance.now();
    progress(database, `round paid in ${((roundEnd - roundStart) / 1000).toFixed(0)} s`);
    await load.stop();
    await engine.idle();
    const openInMarket = [...engine.state.positions.values()].filter(
      (position) => position.symbol === market.symbol,
    ).length;
    const { rows } = await sql<{ written: number }>`
      select count(*)::int as written from contract_funding_payments`.execute(opened.db);
    const problems = await auditLedger(opened.db);
    return {
      database,
      quiet: phaseStats(load.orders, quietStart, roundStart, 'inside'),
      round: phaseStats(load.orders, roundStart, roundEnd, 'overlapping'),
      roundMs: roundEnd - roundStart,
      paid: paid.payments,
      written: rows[0]?.written ?? 0,
      open: openInMarket,
      calls: paid.calls,
      longestCallMs: paid.longestCallMs,
      seedMs,
      ledgerProblems: [...new Set(problems.map((problem) => problem.invariant))],
    };
  } finally {
    await close();
  }
}

const right = (title: string): Column => ({ title, align: 'right' });
const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));

function phaseTable(runs: readonly Run[]): string {
  return markdownTable(
    [
      { title: 'database' },
      { title: 'phase' },
      right('orders'),
      right('per second'),
      right('p50 ms'),
      right('p99 ms'),
      right('longest unanswered ms'),
      right('failed'),
      right('p99 ÷ quiet p99'),
    ],
    runs.flatMap((run) =>
      (['quiet', 'round'] as const).map((phase) => {
        const stats = run[phase];
        return [
          run.database,
          phase === 'quiet' ? 'quiet' : 'during the round',
          String(stats.orders),
          stats.perSecond.toFixed(0),
          ms(stats.p50Ms),
          ms(stats.p99Ms),
          ms(stats.longestSilenceMs),
          String(stats.failed),
          `${(stats.p99Ms / run.quiet.p99Ms).toFixed(2)}×`,
        ];
      }),
    ),
  );
}

function roundTable(runs: readonly Run[]): string {
  return markdownTable(
    [
      { title: 'database' },
      right('fund answered paid'),
      right('payments written'),
      right('open in BTCUSDT'),
      right('fund calls'),
      right('round ms'),
      right('longest fund call ms'),
      right('seed ms'),
      { title: 'ledger check' },
    ],
    runs.map((run) => [
      run.database,
      String(run.paid),
      String(run.written),
      String(run.open),
      String(run.calls),
      run.roundMs.toFixed(0),
      run.longestCallMs.toFixed(0),
      run.seedMs.toFixed(0),
      run.ledgerProblems.length === 0 ? 'passed' : `failed: ${run.ledgerProblems.join('; ')}`,
    ]),
  );
}

export async function run(): Promise<void> {
  const runs: Run[] = [];
  for (const [database, open] of await benchDatabases()) runs.push(await measure(database, open));
  const unpaid = runs.filter((run) => run.written !== run.open);
  process.stdout.write(
    [
      `${positions.toLocaleString('en')} seeded BTCUSDT positions and the takers' and maker's own; crossing longs at concurrency ${concurrency} into the contract engine, ${warmup.toLocaleString('en')} orders of warm-up, then ${quietOrders.toLocaleString('en')} quiet, then the round under the same load. Quiet: orders placed and answered before the round began; round: every order that overlapped it. Longest unanswered: the longest time in the phase with no order answered. Fund answered paid: the positions fund() said it paid; payments written: the round's payment rows, with those an order paid ahead of their slice.`,
      '',
      phaseTable(runs),
      '',
      roundTable(runs),
      ...unpaid.map(
        (run) =>
          `\n**${run.database}: the round wrote ${run.written} payments for the ${run.open} open positions.**`,
      ),
      '',
    ].join('\n'),
  );
}
