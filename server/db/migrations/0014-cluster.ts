// Several nodes on one database: the nodes that run (each renews its row while it lives), and the
// leases that give each market's engines to exactly one of them. A lease's epoch grows by one at
// every change of owner; the owner's writers check it in their own transaction, so a node that
// lost its lease (paused past its expiry, cut off) can no longer write for that market
// (docs/operations.md § "Running several nodes").
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table cluster_nodes (
    id text primary key,
    address text not null,
    started_at timestamptz not null,
    seen_at timestamptz not null,
    stopped_at timestamptz
  )`,
  `create table leases (
    name text primary key,
    owner text not null,
    epoch bigint not null check (epoch > 0),
    acquired_at timestamptz not null,
    expires_at timestamptz not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['leases', 'cluster_nodes']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
