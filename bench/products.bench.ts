// Subscriptions and AI products at scale (`npm run bench -- products`), on PGlite and, when one
// answers, on PostgreSQL, each against one transaction per user or order:
// - a pre-sale's allocation and distribution: the writer (server/subscription/subscription-writer.ts:
//   the allocation fixed in one statement and recomputed by the rule, the distribution one posting
//   a slice of users, each slice sized to about 40 ms) against the naive way (per user: its
//   allocation read, its tokens and refund posted, in a transaction of its own), and against the
//   writer's earlier fixed slices of 20,000 users; "longest hold" is the longest the writer was
//   held by one slice, which is how long an order queued behind the round may wait;
// - a day's accrual: the writer (server/ai/ai-writer.ts: one row for the group and one posting a
//   slice of its owners, each slice sized to about 40 ms) against per order a posting and a record
//   in a transaction of its own, and against the writer's earlier single posting for the group.
// Beside them, the floor of a distribution: the same balance rows and entries written by two bare
// statements.
// The naive ways take minutes at 100,000, so both ways run on 5,000, where their balances are
// checked equal, and the writers alone on 100,000. `PRODUCTS_FULL` and `PRODUCTS_COMPARED`
// change the two counts.
import { sql } from 'kysely';
import { dailyReward, nextMidnight } from '../core/ai/schedule.ts';
import { allocate } from '../core/subscription/allocation.ts';
import { AiWriter } from '../server/ai/ai-writer.ts';
import type { OpenedDatabase } from '../server/db/database.ts';
import { roundSlice, type SliceBudget } from '../server/engine/slice-sizer.ts';
import { accountIds } from '../server/ledger/account-ids.ts';
import type { AccountRef, Leg } from '../server/ledger/accounts.ts';
import { post } from '../server/ledger/post.ts';
import { writePostings } from '../server/ledger/write-postings.ts';
import { Allocations } from '../server/subscription/allocations.ts';
import {
  accountHash,
  findProjects,
  projectCommitments,
} from '../server/subscription/subscription-store.ts';
import { recordView } from '../server/subscription/subscription-views.ts';
import { SubscriptionWriter } from '../server/subscription/subscription-writer.ts';
import { benchDatabases, type OpenFresh } from './databases.ts';

const full = Number(process.env.PRODUCTS_FULL ?? 100_000);
const compared = Number(process.env.PRODUCTS_COMPARED ?? 5_000);
const usdt = 100_000_000n;
const silent = { error: () => undefined, warn: () => undefined };
const start = Date.UTC(2026, 5, 1);
/** Ten orders a user, as a popular product's day of sales. */
const ordersPerUser = 10;

interface Row {
  database: string;
  work: string;
  way: string;
  count: number;
  statements: number;
  ms: number;
  /** The longest one writer command took, ms: how long an order queued behind it may wait. */
  longestMs?: number;
}

async function seedUsers(opened: OpenedDatabase, count: number): Promise<void> {
  await sql`
    insert into users (id, account, email, phone, password_hash, trade_password_hash,
      invite_code, inviter_id, avatar)
    select id, 'bench-' || id, 'bench-' || id || '@example.com', null, '!no-login', null,
      'B' || id, null, ''
    from generate_series(1, ${count}) as u(id)`.execute(opened.db);
}

/** A pre-sale ended, oversubscribed three times over, with one commitment a user, frozen. */
async function seedPresale(opened: OpenedDatabase, users: number): Promise<number> {
  const { db } = opened;
  await seedUsers(opened, users);
  // The same salt in both ways: the account hashes break the rule's ties, so they must match.
  const salt = 'bench-salt';
  const project = await db
    .insertInto('subscription_projects')
    .values({
      name: 'Bench',
      asset: 'TKN',
      price: '0.05',
      // 1,000 USDT a user committed at 0.05: three times the supply.
      supply: String((users * 1000 * 20) / 3),
      cap: '1000',
      start_at: new Date(start - 2 * 86_400_000),
      end_at: new Date(start - 86_400_000),
      distribute_at: new Date(start - 3_600_000),
      created_at: new Date(start - 3 * 86_400_000),
      salt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into subscription_commitments (project_id, user_id, account, committed, committed_at)
    select ${project.id}, id, encode(sha256((${salt} || ':' || id)::bytea), 'hex'), 1000,
      ${new Date(start - 2 * 86_400_000 + 1000).toISOString()}
    from generate_series(1, ${users}) as u(id)`.execute(db);
  const legs: Leg[] = [];
  const tokenAccounts: AccountRef[] = [];
  for (let user = 1; user <= users; user++) {
    legs.push({ account: funding(user, 'USDT'), bucket: 'frozen', amount: 1000n * usdt });
    // Opened by the commitment, as the writer does.
    tokenAccounts.push(funding(user, 'TKN'));
  }
  legs.push({
    account: { system: 'external_deposits', asset: 'USDT' },
    bucket: 'available',
    amount: -1000n * usdt * BigInt(users),
  });
  await db.transaction().execute(async (trx) => {
    const ids = await accountIds(trx, [...legs.map((leg) => leg.account), ...tokenAccounts]);
    await writePostings(trx, [{ kind: 'deposit', reference: 'bench:seed', legs }], ids);
  });
  // The account hashes of the rule are the server's.
  const first = await projectCommitments(db, project.id, { limit: 1 });
  if (first[0] && first[0].account !== accountHash(salt, first[0].userId)) {
    throw new Error('the seeded hashes are not the server’s');
  }
  return project.id;
}

const funding = (user: number, asset: string): AccountRef => ({ user, wallet: 'funding', asset });

/** The writer's fixed slices before they were sized by time: the baseline of the longest hold. */
const fixedSlices: SliceBudget = { targetMs: 25, min: 20_000, max: 20_000, first: 20_000 };

async function writerPresale(
  opened: OpenedDatabase,
  database: string,
  users: number,
  slice: SliceBudget = roundSlice,
): Promise<Row> {
  const projectId = await seedPresale(opened, users);
  const allocations = new Allocations(opened.db);
  const writer = new SubscriptionWriter({
    db: opened.db,
    now: () => start,
    batchMax: 512,
    allocations,
    // Each user's record at distribution is built as the server builds it, and told to no one.
    recordOf: (project, commitment, allocation) =>
      recordView(project, commitment, allocation, start, null),
    onBalances: () => undefined,
    onDistributed: () => undefined,
    log: silent,
    slice,
  });
  const before = opened.stats.statements;
  const started = performance.now();
  await writer.allocate(projectId);
  // As the clock does: the allocation worked out before the slices, outside the writer.
  const project = (await findProjects(opened.db, [projectId])).get(projectId);
  if (!project) throw new Error('no project');
  await allocations.of(project);
  let longestMs = 0;
  for (;;) {
    const sliceStarted = performance.now();
    const done = await writer.distribute(projectId);
    longestMs = Math.max(longestMs, performance.now() - sliceStarted);
    if (done === 0) break;
  }
  return {
    database,
    work: 'pre-sale allocation and distribution',
    way:
      slice === fixedSlices
        ? 'writer: fixed slices of 20,000 users'
        : 'writer: slices sized to about 40 ms',
    count: users,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
    longestMs,
  };
}

/**
 * What no way of distributing on this ledger can beat: the pre-sale's balance rows (each user's
 * USDT and token account) changed by one bare statement, and their entries (three a user: the
 * commitment leaving frozen, the refund, the tokens) inserted by another, with no lookup, no lock
 * and no check.
 */
async function floorPresale(opened: OpenedDatabase, database: string, users: number): Promise<Row> {
  await seedPresale(opened, users);
  const before = opened.stats.statements;
  const started = performance.now();
  await opened.db.transaction().execute(async (trx) => {
    await sql`update ledger_accounts set available = available + 1
      where user_id is not null and wallet = 'funding'`.execute(trx);
    await sql`insert into ledger_entries (posting_id, account_id, bucket, amount)
      select 1, id, 'available', 1 from ledger_accounts
      where user_id is not null and wallet = 'funding'
      union all
      select 1, id, 'frozen', -1 from ledger_accounts
      where user_id is not null and wallet = 'funding' and asset = 'USDT'`.execute(trx);
  });
  return {
    database,
    work: 'pre-sale allocation and distribution',
    way: 'floor: balance rows and entries, two bare statements',
    count: users,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
  };
}

async function naivePresale(opened: OpenedDatabase, database: string, users: number): Promise<Row> {
  const projectId = await seedPresale(opened, users);
  const { db } = opened;
  const before = opened.stats.statements;
  const started = performance.now();
  const project = (await findProjects(db, [projectId])).get(projectId);
  if (!project) throw new Error('no project');
  const allocation = allocate(
    project.supply,
    project.price,
    await projectCommitments(db, projectId),
  );
  for (const row of allocation) {
    await db.transaction().execute(async (trx) => {
      const found = await sql<{ user_id: number }>`select user_id from subscription_commitments
        where project_id = ${projectId} and account = ${row.account}`.execute(trx);
      const user = found.rows[0]?.user_id ?? 0;
      await post(trx, {
        kind: 'subscription.distribute',
        reference: `bench:naive:${row.account}`,
        legs: [
          { account: funding(user, 'USDT'), bucket: 'frozen', amount: -row.committed },
          { account: funding(user, 'USDT'), bucket: 'available', amount: row.refund },
          { account: funding(user, 'TKN'), bucket: 'available', amount: row.tokens },
          {
            account: { system: 'product_pools', asset: 'USDT' },
            bucket: 'available',
            amount: row.cost,
          },
          {
            account: { system: 'issuance', asset: 'TKN' },
            bucket: 'available',
            amount: -row.tokens,
          },
        ],
      });
    });
  }
  return {
    database,
    work: 'pre-sale allocation and distribution',
    way: 'naive: one transaction a user',
    count: users,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
  };
}

/** A product and `orders` orders bought the same day, ten a user, their principal in the pool. */
async function seedOrders(opened: OpenedDatabase, orders: number): Promise<number> {
  const { db } = opened;
  const users = Math.ceil(orders / ordersPerUser);
  await seedUsers(opened, users);
  const boughtAt = start - 12 * 3_600_000;
  const product = await db
    .insertInto('ai_products')
    .values({
      name: 'Bench',
      asset: 'USDT',
      days: 30,
      apr_ppm: 125_000,
      min: '10',
      max: '50000',
      quota: String(orders * 1000),
      sold: String(orders * 1000),
      funded: String(orders * 1000),
      promised: String(orders * 11),
      created_at: new Date(boughtAt),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into ai_orders (id, product_id, user_id, principal, bought_at, starts_at)
    select id, ${product.id}, (id - 1) / ${ordersPerUser} + 1, 1000,
      ${new Date(boughtAt).toISOString()}, ${new Date(nextMidnight(boughtAt)).toISOString()}
    from generate_series(1, ${orders}) as o(id)`.execute(db);
  await db.transaction().execute(async (trx) => {
    const legs: Leg[] = [
      {
        account: { system: 'ai_reserve', asset: 'USDT' },
        bucket: 'available',
        amount: BigInt(orders) * 1000n * usdt,
      },
      {
        account: { system: 'treasury', asset: 'USDT' },
        bucket: 'available',
        amount: -BigInt(orders) * 1000n * usdt,
      },
    ];
    const ids = await accountIds(
      trx,
      legs.map((leg) => leg.account),
    );
    await writePostings(trx, [{ kind: 'ai.fund', reference: 'bench:fund', legs }], ids);
  });
  return product.id;
}

/** The accrual before it was sliced: every owner of the group in one posting. */
const wholeGroup: SliceBudget = { targetMs: 25, min: 1_000_000, max: 1_000_000, first: 1_000_000 };

async function writerAccrual(
  opened: OpenedDatabase,
  database: string,
  orders: number,
  slice: SliceBudget = roundSlice,
): Promise<Row> {
  const productId = await seedOrders(opened, orders);
  const writer = new AiWriter({
    db: opened.db,
    now: () => start + 2 * 86_400_000,
    batchMax: 512,
    orderView: () => {
      throw new Error('no purchases here');
    },
    onBalances: () => undefined,
    onMatured: () => undefined,
    log: silent,
    slice,
  });
  await writer.rebuild();
  const startsAt = nextMidnight(start - 12 * 3_600_000);
  const before = opened.stats.statements;
  const started = performance.now();
  let paid = 0;
  let longestMs = 0;
  for (;;) {
    const sliceStarted = performance.now();
    const done = await writer.accrue(productId, startsAt, 1, 1);
    longestMs = Math.max(longestMs, performance.now() - sliceStarted);
    paid += done.orders;
    if (done.finished) break;
  }
  if (paid !== orders) throw new Error(`the writer paid ${paid} of ${orders} orders`);
  return {
    database,
    work: "a day's accrual",
    way:
      slice === wholeGroup
        ? 'writer: the whole group in one posting'
        : 'writer: slices of owners sized to about 40 ms',
    count: orders,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
    longestMs,
  };
}

async function naiveAccrual(
  opened: OpenedDatabase,
  database: string,
  orders: number,
): Promise<Row> {
  const productId = await seedOrders(opened, orders);
  const { db } = opened;
  const reward = dailyReward(1000n * usdt, 125_000);
  const before = opened.stats.statements;
  const started = performance.now();
  for (let id = 1; id <= orders; id++) {
    const user = Math.floor((id - 1) / ordersPerUser) + 1;
    await db.transaction().execute(async (trx) => {
      await post(trx, {
        kind: 'ai.accrue',
        reference: `bench:naive:${id}`,
        legs: [
          {
            account: { system: 'ai_reserve', asset: 'USDT' },
            bucket: 'available',
            amount: -reward,
          },
          { account: funding(user, 'USDT'), bucket: 'available', amount: reward },
        ],
      });
      await sql`insert into ai_accruals (product_id, starts_at, day, paid_at, orders, amount)
        values (${productId}, ${new Date(start + id * 1000).toISOString()}, 1, now(), 1,
          ${(Number(reward) / 1e8).toFixed(8)})`.execute(trx);
    });
  }
  return {
    database,
    work: "a day's accrual",
    way: 'naive: one transaction an order',
    count: orders,
    statements: opened.stats.statements - before,
    ms: performance.now() - started,
  };
}

/** Every user's funding balances, to check the two ways paid the same. */
async function balances(opened: OpenedDatabase): Promise<string> {
  const { rows } = await sql<{ line: string }>`
    select user_id || ':' || asset || ':' || available::text || ':' || frozen::text as line
    from ledger_accounts where wallet = 'funding' order by user_id, asset`.execute(opened.db);
  return rows.map((row) => row.line).join(',');
}

async function measure(
  open: OpenFresh,
  run: (opened: OpenedDatabase) => Promise<Row>,
): Promise<{ row: Row; balances: string }> {
  const { opened, close } = await open();
  try {
    const row = await run(opened);
    return { row, balances: row.count === compared ? await balances(opened) : '' };
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  const rows: Row[] = [];
  for (const [name, open] of await benchDatabases()) {
    const pairs = [
      [naivePresale, writerPresale],
      [naiveAccrual, writerAccrual],
    ] as const;
    for (const [naive, writer] of pairs) {
      const slow = await measure(open, (opened) => naive(opened, name, compared));
      const fast = await measure(open, (opened) => writer(opened, name, compared));
      if (slow.balances !== fast.balances) {
        const [a, b] = [slow.balances.split(','), fast.balances.split(',')];
        const at = a.findIndex((line, i) => line !== b[i]);
        throw new Error(`${name}: the two ways paid differently: ${a[at]} against ${b[at]}`);
      }
      rows.push(
        slow.row,
        fast.row,
        (await measure(open, (opened) => writer(opened, name, full))).row,
      );
      if (writer === writerPresale) {
        rows.push(
          (await measure(open, (opened) => writerPresale(opened, name, full, fixedSlices))).row,
          (await measure(open, (opened) => floorPresale(opened, name, full))).row,
        );
      } else {
        rows.push(
          (await measure(open, (opened) => writerAccrual(opened, name, full, wholeGroup))).row,
        );
      }
    }
  }
  const lines = [
    `Both ways on ${compared.toLocaleString('en')} (every balance checked equal), the writers on ${full.toLocaleString('en')}; a pre-sale of one commitment a user, three times oversubscribed; orders ten a user, bought the same day. "Faster" compares time per user or order with the naive way's.`,
    '',
    '| database | work | way | count | statements | ms | µs each | faster | longest hold (ms) |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const naive = rows.find(
      (other) =>
        other.database === row.database && other.work === row.work && other.way.startsWith('naive'),
    );
    const per = (candidate: Row) => (candidate.ms * 1000) / candidate.count;
    const faster = naive && naive !== row ? `${(per(naive) / per(row)).toFixed(0)}×` : '';
    lines.push(
      `| ${row.database} | ${row.work} | ${row.way} | ${row.count.toLocaleString('en')} | ${row.statements.toLocaleString('en')} | ${row.ms.toFixed(0)} | ${per(row).toFixed(1)} | ${faster} | ${row.longestMs === undefined ? '' : row.longestMs.toFixed(0)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
