// Pre-sale subscriptions: the projects operators set up (the token, its price in USDT, the supply,
// each user's cap and the three times), and each user's commitment to a project. The allocation
// is not stored: it is the published rule's (core/subscription/allocation.ts) over the
// commitments, which stop changing when the pre-sale ends, so anyone (the server included)
// recomputes the same one. Distribution runs in account-hash order and keeps how far it got.
// Amounts are decimal strings of the ledger's eight places.
import { type Kysely, sql } from 'kysely';

const amount = 'numeric(38, 8)';

const statements = [
  `create table subscription_projects (
    id serial primary key,
    name text not null check (length(name) between 1 and 80),
    asset text not null unique check (asset ~ '^[A-Z0-9]{2,12}$'),
    price ${amount} not null check (price > 0),
    supply ${amount} not null check (supply > 0),
    cap ${amount} not null check (cap > 0),
    start_at timestamptz not null,
    end_at timestamptz not null,
    distribute_at timestamptz not null,
    created_at timestamptz not null,
    -- Kept secret: it makes each published account hash impossible to trace back to a user.
    salt text not null,
    -- When the allocation was fixed (at the end of the pre-sale), the last account hash
    -- distributed to so far, and when the distribution finished.
    allocated_at timestamptz,
    distributed_through text,
    distributed_at timestamptz,
    check (start_at < end_at and end_at <= distribute_at)
  )`,
  `create table subscription_commitments (
    project_id integer not null references subscription_projects(id),
    user_id integer not null references users(id),
    -- SHA-256 of the project and the user: the published, anonymous account of the allocation.
    account text not null,
    committed ${amount} not null check (committed > 0),
    committed_at timestamptz not null,
    primary key (project_id, user_id),
    unique (project_id, account)
  )`,
  'create index subscription_commitments_user_idx on subscription_commitments (user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subscription_commitments', 'subscription_projects']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
