// Settling second contracts that expire in the same second (`npm run bench -- option-settlement`),
// on PGlite and, when one answers, on PostgreSQL: the settler (server/option/option-settler.ts:
// the prints read once, the group decided by the rule, its settlement row written with the first
// slice, and its payouts written through the writer a slice of contracts at a time, one posting
// and one transaction each, every slice sized to about 40 ms) against
// - the naive settlement, one transaction per contract (its prints read, its outcome written, its
//   payout posted). It takes minutes at 100,000, so the two are compared on 5,000 contracts, where
//   both settle the same contracts on the same prints and their outcomes are checked equal;
// - the writer's earlier settlement, kept here as the baseline of the longest hold: the whole
//   group as one settlement row and one posting with a leg per owner, in one writer command. It and
//   the settler are timed on 100,000, and every user checked paid the same by both.
// "Longest hold" is the longest one writer command took: how long an order queued behind the
// settlement may wait.
// `OPTION_CONTRACTS` and `OPTION_COMPARED` change the two counts, `OPTION_PER_USER` the contracts
// each user holds.

import { sql } from 'kysely';
import { formatAmount } from '../core/money.ts';
import { printAt, settle, upOutcome } from '../core/option/settlement.ts';
import { loadConfig } from '../server/config.ts';
import type { OpenedDatabase } from '../server/db/database.ts';
import { transact } from '../server/db/transact.ts';
import { AccountDirectory } from '../server/ledger/account-directory.ts';
import { accountIds } from '../server/ledger/account-ids.ts';
import type { AccountRef } from '../server/ledger/accounts.ts';
import { post } from '../server/ledger/post.ts';
import { writePostings } from '../server/ledger/write-postings.ts';
import { optionPool, payoutPosting } from '../server/option/option-postings.ts';
import { OptionSettler } from '../server/option/option-settler.ts';
import {
  type GroupSettlement,
  insertContracts,
  insertSettlements,
  type OptionRow,
  openContracts,
  printsIn,
} from '../server/option/option-store.ts';
import { OptionWriter } from '../server/option/option-writer.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';

const full = Number(process.env.OPTION_CONTRACTS ?? 100_000);
const compared = Number(process.env.OPTION_COMPARED ?? 5_000);
/** Ten contracts a user, as a busy second of a popular product (`OPTION_PER_USER` changes it). */
const perUser = Number(process.env.OPTION_PER_USER ?? 10);
const usdt = 100_000_000n;
const openTime = Date.UTC(2026, 0, 5, 9, 0, 0);
const expiryTime = openTime + 60_000;
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined };
const settings = loadConfig({}).option;

interface Row {
  database: string;
  way: string;
  contracts: number;
  statements: number;
  ms: number;
  /** The longest one writer command took, ms; none for the naive way, which has no writer. */
  longestMs?: number;
  /** The writer commands' holds at the 99th percentile, ms. */
  p99Ms?: number;
  /** Commands that held the writer past 50 ms. */
  over50?: number;
  slices?: number;
}

/** The longest, the 99th percentile and the count over 50 ms of a way's writer holds. */
function holdsOf(holds: readonly number[]): Pick<Row, 'longestMs' | 'p99Ms' | 'over50' | 'slices'> {
  const sorted = [...holds].sort((a, b) => a - b);
  return {
    longestMs: sorted.at(-1) ?? 0,
    p99Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
    over50: sorted.filter((ms) => ms > 50).length,
    slices: sorted.length,
  };
}

/** Users, the pool, the two prints, and `count` open contracts expiring in the same second. */
async function seed(opened: OpenedDatabase, count: number): Promise<OptionRow[]> {
  const { db } = opened;
  const users = Array.from({ length: Math.ceil(count / perUser) }, (_, i) => i + 1);
  await sql`
    insert into users (id, account, email, phone, password_hash, trade_password_hash,
      invite_code, inviter_id, avatar)
    select id, 'bench-' || id, 'bench-' || id || '@example.com', null, '!no-login', null,
      'B' || id, null, ''
    from unnest(${users}::int[]) as u(id)`.execute(db);
  const contracts: OptionRow[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    userId: (i % users.length) + 1,
    symbol: 'BTCUSDT',
    direction: i % 2 === 0 ? 'up' : 'down',
    unit: 'minute',
    length: 1,
    stake: BigInt(10 + (i % 90)) * usdt,
    ratePpm: 800_000,
    acceptedAt: openTime - 500,
    openTime,
    expiryTime,
  }));
  const staked = contracts.reduce((sum, contract) => sum + contract.stake, 0n);
  await db.transaction().execute(async (trx) => {
    // The stakes are in the pool, and the treasury stood behind every win.
    const legs = [
      { account: optionPool as AccountRef, bucket: 'available' as const, amount: staked * 2n },
      {
        account: { system: 'treasury', asset: 'USDT' } as AccountRef,
        bucket: 'available' as const,
        amount: -staked * 2n,
      },
      ...users.map((id) => ({
        account: { user: id, wallet: 'option', asset: 'USDT' } as AccountRef,
        bucket: 'available' as const,
        amount: 0n,
      })),
    ];
    const ids = await accountIds(
      trx,
      legs.map((leg) => leg.account),
    );
    await writePostings(trx, [{ kind: 'option.fund', reference: 'bench:seed', legs }], ids);
    await insertContracts(trx, contracts);
    await sql`
      insert into index_prints (symbol, ts, price, sources, stale) values
        ('BTCUSDT', ${new Date(openTime).toISOString()}, 100000, '{bench}', false),
        ('BTCUSDT', ${new Date(expiryTime).toISOString()}, 100500, '{bench}', false)`.execute(trx);
  });
  return contracts;
}

/** The settler: every due contract decided and written through the writer, a slice at a time. */
async function settlerWay(opened: OpenedDatabase, database: string, count: number): Promise<Row> {
  const now = expiryTime + 1000;
  const writer = new OptionWriter({
    db: opened.db,
    settings,
    symbols: new Set(['BTCUSDT']),
    feedPredictable: false,
    now: () => now,
    latestPrint: () => undefined,
    batchMax: 512,
    onCommitted: () => undefined,
    log: silent,
  });
  await writer.rebuild();
  // Each settle command timed from its submission to its answer: with nothing else queued, its
  // hold of the writer.
  const holds: number[] = [];
  const settle = writer.settle.bind(writer);
  writer.settle = async (settlements) => {
    const sent = performance.now();
    const answer = await settle(settlements);
    if (answer.contracts > 0) holds.push(performance.now() - sent);
    return answer;
  };
  const settler = new OptionSettler({
    db: opened.db,
    writer,
    now: () => now,
    onPrints: () => () => undefined,
    log: silent,
  });
  const before = opened.stats.statements;
  const started = performance.now();
  const pass = await settler.settleDue(now);
  const ms = performance.now() - started;
  if (pass.contracts !== count)
    throw new Error(`the settler settled ${pass.contracts} of ${count}`);
  return {
    database,
    way: 'settler: slices of about 40 ms',
    contracts: count,
    statements: opened.stats.statements - before,
    ms,
    ...holdsOf(holds),
  };
}

/**
 * The writer's settlement before slices: the group decided from its prints as the settler does,
 * then, as one writer command, one settlement row and one posting with a leg per owner, its
 * accounts looked up and written in one transaction. The command is the writer's hold.
 */
async function onePostingWay(
  opened: OpenedDatabase,
  database: string,
  count: number,
): Promise<Row> {
  const { db } = opened;
  const now = expiryTime + 1000;
  const before = opened.stats.statements;
  const started = performance.now();
  const contracts = await openContracts(db);
  const prints = await printsIn(db, [
    { symbol: 'BTCUSDT', from: openTime, to: openTime + 5000 },
    { symbol: 'BTCUSDT', from: expiryTime, to: expiryTime + 5000 },
  ]);
  const opening = printAt(prints, openTime);
  const closing = printAt(prints, expiryTime);
  const settlement: GroupSettlement = {
    symbol: 'BTCUSDT',
    openTime,
    expiryTime,
    openPrice: opening?.price ?? null,
    openPrintAt: opening?.ts ?? null,
    settlePrice: closing?.price ?? null,
    settlePrintAt: closing?.ts ?? null,
    upOutcome: upOutcome(opening, closing),
    settledAt: now,
  };
  const held = performance.now();
  const posting = payoutPosting(settlement, contracts);
  const ids = await new AccountDirectory().resolve(
    db,
    posting ? posting.legs.map((leg) => leg.account) : [],
  );
  await transact(db, async (trx) => {
    await insertSettlements(trx, [{ ...settlement, contracts: contracts.length }]);
    await writePostings(trx, posting ? [posting] : [], ids);
  });
  const longestMs = performance.now() - held;
  if (contracts.length !== count) throw new Error(`one posting settled ${contracts.length}`);
  return {
    database,
    way: 'baseline: the whole group in one posting',
    contracts: count,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
    ...holdsOf([longestMs]),
  };
}

/** The naive way: per contract one transaction reading its prints, updating it, paying it. */
async function naiveWay(
  opened: OpenedDatabase,
  database: string,
  contracts: readonly OptionRow[],
): Promise<Row> {
  const { db } = opened;
  const now = new Date(expiryTime + 1000).toISOString();
  const before = opened.stats.statements;
  const started = performance.now();
  for (const contract of contracts) {
    await db.transaction().execute(async (trx) => {
      const prints = await printsIn(trx, [
        { symbol: contract.symbol, from: contract.openTime, to: contract.openTime + 5000 },
        { symbol: contract.symbol, from: contract.expiryTime, to: contract.expiryTime + 5000 },
      ]);
      const opening = printAt(prints, contract.openTime);
      const closing = printAt(prints, contract.expiryTime);
      const { outcome, payout } = settle(contract, opening, closing);
      // Each contract its own outcome row: what a per-contract settlement writes.
      await sql`
        insert into option_settlements (symbol, open_time, expiry_time, open_price,
          open_print_at, settle_price, settle_print_at, up_outcome, contracts, settled_at)
        values (${contract.symbol} || ':' || ${contract.id}, ${new Date(contract.openTime).toISOString()}::timestamptz,
          ${new Date(contract.expiryTime).toISOString()}::timestamptz,
          ${opening ? formatAmount(opening.price) : null}::numeric,
          ${opening ? new Date(opening.ts).toISOString() : null}::timestamptz,
          ${closing ? formatAmount(closing.price) : null}::numeric,
          ${closing ? new Date(closing.ts).toISOString() : null}::timestamptz,
          ${contract.direction === 'up' ? outcome : mirror(outcome)}, 1, ${now}::timestamptz)`.execute(
        trx,
      );
      if (payout > 0n) {
        await post(trx, {
          kind: 'option.payout',
          reference: `option:settle:${contract.id}`,
          legs: [
            { account: optionPool, bucket: 'available', amount: -payout },
            {
              account: { user: contract.userId, wallet: 'option', asset: 'USDT' },
              bucket: 'available',
              amount: payout,
            },
          ],
        });
      }
    });
  }
  return {
    database,
    way: 'naive: one transaction per contract',
    contracts: contracts.length,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
  };
}

/** An up outcome from a down contract's, and back. */
function mirror(outcome: string): string {
  return outcome === 'win' ? 'lose' : outcome === 'lose' ? 'win' : outcome;
}

/** What each user was paid, to compare the two ways. */
async function outcomes(opened: OpenedDatabase): Promise<string[]> {
  const { rows } = await sql<{ line: string }>`
    select user_id || ':' || available::text as line from ledger_accounts
    where wallet = 'option' order by user_id`.execute(opened.db);
  return rows.map((row) => row.line);
}

async function measure(
  open: OpenFresh,
  database: string,
  count: number,
  way: 'settler' | 'naive' | 'one posting',
): Promise<{ row: Row; outcomes: string[] }> {
  const { opened, close } = await open();
  try {
    const contracts = await seed(opened, count);
    const row =
      way === 'settler'
        ? await settlerWay(opened, database, count)
        : way === 'naive'
          ? await naiveWay(opened, database, contracts)
          : await onePostingWay(opened, database, count);
    return { row, outcomes: await outcomes(opened) };
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  const databases = await benchDatabases();
  const rows: Row[] = [];
  for (const [name, open] of databases) {
    const naive = await measure(open, name, compared, 'naive');
    const batched = await measure(open, name, compared, 'settler');
    if (naive.outcomes.join() !== batched.outcomes.join()) {
      throw new Error(`${name}: the two ways settled differently`);
    }
    const whole = await measure(open, name, full, 'one posting');
    const sliced = await measure(open, name, full, 'settler');
    if (whole.outcomes.join() !== sliced.outcomes.join()) {
      throw new Error(`${name}: slices and one posting settled differently`);
    }
    rows.push(naive.row, batched.row, whole.row, sliced.row);
  }
  const lines = [
    `Contracts expiring in the same second, ${perUser} a user, half of them winning: the naive way and the settler on ${compared.toLocaleString('en')} (every user paid the same), the whole group in one posting and the settler on ${full.toLocaleString('en')} (every user paid the same). "Faster" compares time per contract with the naive way's; "hold" is how long one writer command took, at the 99th percentile and the longest.`,
    '',
    '| database | way | contracts | statements | ms | µs a contract | faster | writer commands | p99 hold (ms) | longest hold (ms) | holds over 50 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const naive = rows.find(
      (other) => other.database === row.database && other.way.startsWith('naive'),
    );
    const per = (candidate: Row) => (candidate.ms * 1000) / candidate.contracts;
    const faster = naive && naive !== row ? `${(per(naive) / per(row)).toFixed(0)}×` : '';
    lines.push(
      `| ${row.database} | ${row.way} | ${row.contracts.toLocaleString('en')} | ${row.statements.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${per(row).toFixed(1)} | ${faster} | ${row.slices ?? ''} | ${row.p99Ms === undefined ? '' : row.p99Ms.toFixed(0)} | ${row.longestMs === undefined ? '' : row.longestMs.toFixed(0)} | ${row.over50 ?? ''} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
