// The pre-sales' rows: projects with their totals, each user's commitment, the allocation written
// in one statement, and the distribution marked per batch. Amounts are atoms in memory and decimal
// strings in the database.
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
import type { Allocation } from '../../core/subscription/allocation.ts';
import type { Database } from '../db/tables.ts';

type Db = Kysely<Database>;

export interface Project {
  id: number;
  name: string;
  asset: string;
  price: bigint;
  supply: bigint;
  cap: bigint;
  start: number;
  end: number;
  distribute: number;
  salt: string;
  allocatedAt: number | null;
  distributedAt: number | null;
  /** Everyone's commitments so far, and how many committed. */
  committed: bigint;
  participants: number;
}

export interface Commitment {
  projectId: number;
  userId: number;
  account: string;
  committed: bigint;
  committedAt: number;
  allocated: bigint | null;
  cost: bigint | null;
  refund: bigint | null;
  distributed: boolean;
}

const atoms = (value: unknown): bigint => parseAmount(String(value)) ?? 0n;
const maybeAtoms = (value: unknown) => (value === null ? null : atoms(value));
const ms = (value: unknown) => new Date(value as string | Date).getTime();
const maybeMs = (value: unknown) => (value === null ? null : ms(value));

/** The published, anonymous account of a user in a project: no one can trace it back without the salt. */
export function accountHash(salt: string, userId: number): string {
  return createHash('sha256').update(`${salt}:${userId}`).digest('hex');
}

const projectColumns = sql`p.id, p.name, p.asset, p.price::text as price, p.supply::text as supply,
  p.cap::text as cap, p.start_at, p.end_at, p.distribute_at, p.salt, p.allocated_at,
  p.distributed_at, coalesce(t.committed, 0)::text as committed,
  coalesce(t.participants, 0)::int as participants`;
const totals = sql`left join (select project_id, sum(committed) as committed,
  count(*) as participants from subscription_commitments group by project_id) t
  on t.project_id = p.id`;

function projectOf(row: Record<string, unknown>): Project {
  return {
    id: Number(row.id),
    name: String(row.name),
    asset: String(row.asset),
    price: atoms(row.price),
    supply: atoms(row.supply),
    cap: atoms(row.cap),
    start: ms(row.start_at),
    end: ms(row.end_at),
    distribute: ms(row.distribute_at),
    salt: String(row.salt),
    allocatedAt: maybeMs(row.allocated_at),
    distributedAt: maybeMs(row.distributed_at),
    committed: atoms(row.committed),
    participants: Number(row.participants),
  };
}

function commitmentOf(row: Record<string, unknown>): Commitment {
  return {
    projectId: Number(row.project_id),
    userId: Number(row.user_id),
    account: String(row.account),
    committed: atoms(row.committed),
    committedAt: ms(row.committed_at),
    allocated: maybeAtoms(row.allocated),
    cost: maybeAtoms(row.cost),
    refund: maybeAtoms(row.refund),
    distributed: Boolean(row.distributed),
  };
}

export async function listProjects(db: Db, page: number, size: number) {
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${projectColumns} from subscription_projects p ${totals}
      order by p.id desc limit ${size} offset ${(page - 1) * size}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from subscription_projects`.execute(db),
  ]);
  return { list: rows.rows.map(projectOf), total: count.rows[0]?.total ?? 0 };
}

export async function findProjects(db: Db, ids: readonly number[]): Promise<Map<number, Project>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Record<string, unknown>>`select ${projectColumns}
    from subscription_projects p ${totals} where p.id = any(${[...ids]}::int[])`.execute(db);
  return new Map(rows.map((row) => [Number(row.id), projectOf(row)]));
}

/** Projects whose allocation or distribution is due at `now`. */
export async function dueProjects(db: Db, now: number): Promise<Project[]> {
  const at = new Date(now).toISOString();
  const { rows } = await sql<Record<string, unknown>>`select ${projectColumns}
    from subscription_projects p ${totals}
    where (p.allocated_at is null and p.end_at <= ${at})
      or (p.distributed_at is null and p.distribute_at <= ${at})
    order by p.id`.execute(db);
  return rows.map(projectOf);
}

export async function commitmentsOf(
  db: Db,
  pairs: readonly { projectId: number; userId: number }[],
): Promise<Commitment[]> {
  if (pairs.length === 0) return [];
  const { rows } = await sql<Record<string, unknown>>`
    select c.project_id, c.user_id, c.account, c.committed::text as committed, c.committed_at,
      c.allocated::text as allocated, c.cost::text as cost, c.refund::text as refund, c.distributed
    from subscription_commitments c join unnest(
      ${pairs.map((pair) => pair.projectId)}::int[], ${pairs.map((pair) => pair.userId)}::int[]
    ) as k(project_id, user_id) on c.project_id = k.project_id and c.user_id = k.user_id`.execute(
    db,
  );
  return rows.map(commitmentOf);
}

export async function projectCommitments(
  db: Db,
  projectId: number,
  options: { undistributedOnly?: boolean; limit?: number } = {},
): Promise<Commitment[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select project_id, user_id, account, committed::text as committed, committed_at,
      allocated::text as allocated, cost::text as cost, refund::text as refund, distributed
    from subscription_commitments where project_id = ${projectId}
    ${options.undistributedOnly ? sql`and not distributed` : sql``}
    order by account ${options.limit ? sql`limit ${options.limit}` : sql``}`.execute(db);
  return rows.map(commitmentOf);
}

/** Adds to commitments (or makes them), one statement for the batch. */
export async function addCommitments(
  trx: Transaction<Database>,
  rows: readonly {
    projectId: number;
    userId: number;
    account: string;
    amount: bigint;
    at: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into subscription_commitments (project_id, user_id, account, committed, committed_at)
    select * from unnest(
      ${rows.map((row) => row.projectId)}::int[], ${rows.map((row) => row.userId)}::int[],
      ${rows.map((row) => row.account)}::text[],
      ${rows.map((row) => formatAmount(row.amount))}::numeric[],
      ${rows.map((row) => new Date(row.at).toISOString())}::timestamptz[])
    on conflict (project_id, user_id) do update
      set committed = subscription_commitments.committed + excluded.committed,
        committed_at = excluded.committed_at`.execute(trx);
}

/** Writes a project's allocation to its commitments, one statement, and marks it computed. */
export async function writeAllocation(
  trx: Transaction<Database>,
  projectId: number,
  allocations: readonly Allocation[],
  at: number,
): Promise<void> {
  if (allocations.length > 0) {
    await sql`
      update subscription_commitments c set allocated = a.tokens, cost = a.cost, refund = a.refund
      from unnest(
        ${allocations.map((a) => a.account)}::text[],
        ${allocations.map((a) => formatAmount(a.tokens))}::numeric[],
        ${allocations.map((a) => formatAmount(a.cost))}::numeric[],
        ${allocations.map((a) => formatAmount(a.refund))}::numeric[]
      ) as a(account, tokens, cost, refund)
      where c.project_id = ${projectId} and c.account = a.account`.execute(trx);
  }
  await sql`update subscription_projects set allocated_at = ${new Date(at).toISOString()}
    where id = ${projectId} and allocated_at is null`.execute(trx);
}

export async function markDistributed(
  trx: Transaction<Database>,
  projectId: number,
  userIds: readonly number[],
): Promise<void> {
  await sql`update subscription_commitments set distributed = true
    where project_id = ${projectId} and user_id = any(${[...userIds]}::int[])`.execute(trx);
}

export async function finishDistribution(
  trx: Transaction<Database>,
  projectId: number,
  at: number,
): Promise<void> {
  await sql`update subscription_projects set distributed_at = ${new Date(at).toISOString()}
    where id = ${projectId} and distributed_at is null`.execute(trx);
}

/** A user's commitments with their projects, newest first. */
export async function recordsOf(db: Db, userId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      select c.project_id, c.user_id, c.account, c.committed::text as committed, c.committed_at,
        c.allocated::text as allocated, c.cost::text as cost, c.refund::text as refund,
        c.distributed, ${projectColumns}
      from subscription_commitments c join subscription_projects p on p.id = c.project_id
      ${totals}
      where c.user_id = ${userId} order by c.committed_at desc
      limit ${size} offset ${(page - 1) * size}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from subscription_commitments
      where user_id = ${userId}`.execute(db),
  ]);
  return {
    list: rows.rows.map((row) => ({ commitment: commitmentOf(row), project: projectOf(row) })),
    total: count.rows[0]?.total ?? 0,
  };
}

/** Frozen USDT of undistributed commitments: what the ledger check compares frozen funds with. */
export const subscriptionReservations = sql<{
  user_id: number;
  wallet: string;
  asset: string;
  amount: string;
}>`
  select user_id, 'funding' as wallet, 'USDT' as asset, sum(committed) as amount
  from subscription_commitments where not distributed group by user_id`;
