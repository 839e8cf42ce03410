// The pre-sales' rows: projects with their totals, each user's commitment, and how far a
// distribution got (in account-hash order). Amounts are atoms in memory and decimal strings in the
// database.
import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatAmount, parseAmount } from '../../core/money.ts';
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
  /** The last account hash distributed to so far. */
  distributedThrough: string | null;
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
}

const atoms = (value: unknown): bigint => parseAmount(String(value)) ?? 0n;
const ms = (value: unknown) => new Date(value as string | Date).getTime();
const maybeMs = (value: unknown) => (value === null ? null : ms(value));

/** The published, anonymous account of a user in a project: no one can trace it back without the salt. */
export function accountHash(salt: string, userId: number): string {
  return createHash('sha256').update(`${salt}:${userId}`).digest('hex');
}

const projectColumns = sql`p.id, p.name, p.asset, p.price::text as price, p.supply::text as supply,
  p.cap::text as cap, p.start_at, p.end_at, p.distribute_at, p.salt, p.allocated_at,
  p.distributed_through, p.distributed_at, coalesce(t.committed, 0)::text as total_committed,
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
    distributedThrough: row.distributed_through === null ? null : String(row.distributed_through),
    distributedAt: maybeMs(row.distributed_at),
    committed: atoms(row.total_committed),
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
    select c.project_id, c.user_id, c.account, c.committed::text as committed, c.committed_at
    from subscription_commitments c join unnest(
      ${pairs.map((pair) => pair.projectId)}::int[], ${pairs.map((pair) => pair.userId)}::int[]
    ) as k(project_id, user_id) on c.project_id = k.project_id and c.user_id = k.user_id`.execute(
    db,
  );
  return rows.map(commitmentOf);
}

/** A project's commitments in account-hash order: all, or those after `after`, up to `limit`. */
export async function projectCommitments(
  db: Db,
  projectId: number,
  options: { after?: string | null; limit?: number } = {},
): Promise<Commitment[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select project_id, user_id, account, committed::text as committed, committed_at
    from subscription_commitments where project_id = ${projectId}
    ${options.after ? sql`and account > ${options.after}` : sql``}
    order by account ${options.limit ? sql`limit ${options.limit}` : sql``}`.execute(db);
  return rows.map(commitmentOf);
}

/** How many of a project's users its distribution has credited: those up to its last slice. */
export async function distributedUsers(db: Db, project: Project): Promise<number> {
  if (project.distributedAt !== null) return project.participants;
  if (project.distributedThrough === null) return 0;
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from subscription_commitments
    where project_id = ${project.id} and account <= ${project.distributedThrough}`.execute(db);
  return rows[0]?.count ?? 0;
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

/** Fixes a project's allocation: its commitments can no longer change, so it is the rule's over them. */
export async function markAllocated(trx: Transaction<Database>, projectId: number, at: number) {
  await sql`update subscription_projects set allocated_at = ${new Date(at).toISOString()}
    where id = ${projectId} and allocated_at is null`.execute(trx);
}

/** How far a distribution got; `finished` when it has reached every account. */
export async function markDistributed(
  trx: Transaction<Database>,
  projectId: number,
  through: string | null,
  finishedAt: number | null,
): Promise<void> {
  await sql`update subscription_projects set
    distributed_through = coalesce(${through}, distributed_through),
    distributed_at = ${finishedAt === null ? null : new Date(finishedAt).toISOString()}
    where id = ${projectId} and distributed_at is null`.execute(trx);
}

/** A user's commitments with their projects, newest first. */
export async function recordsOf(db: Db, userId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      select c.project_id, c.user_id, c.account, c.committed::text as committed, c.committed_at,
        ${projectColumns}
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
  select c.user_id, 'funding' as wallet, 'USDT' as asset, sum(c.committed) as amount
  from subscription_commitments c join subscription_projects p on p.id = c.project_id
  where p.distributed_through is null or c.account > p.distributed_through
  group by c.user_id`;
