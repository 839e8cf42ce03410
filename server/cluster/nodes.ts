// The nodes of a cluster as the database knows them: each writes its row at start, touches it
// with every lease round and marks it at a clean stop; `ops cluster` reads them back.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/tables.ts';

export interface NodeRow {
  id: string;
  address: string;
  startedAt: Date;
  seenAt: Date;
  stoppedAt: Date | null;
  /** How long since it was last seen, by the database's clock. */
  quietMs: number;
}

export async function registerNode(db: Kysely<Database>, id: string, address: string) {
  await sql`insert into cluster_nodes (id, address, started_at, seen_at)
    values (${id}, ${address}, now(), now())
    on conflict (id) do update
      set address = excluded.address, started_at = now(), seen_at = now(), stopped_at = null`.execute(
    db,
  );
}

export async function touchNode(db: Kysely<Database>, id: string) {
  await sql`update cluster_nodes set seen_at = now() where id = ${id}`.execute(db);
}

export async function markNodeStopped(db: Kysely<Database>, id: string) {
  await sql`update cluster_nodes set stopped_at = now() where id = ${id}`.execute(db);
}

export async function listNodes(db: Kysely<Database>): Promise<NodeRow[]> {
  const { rows } = await sql<{
    id: string;
    address: string;
    started_at: Date | string;
    seen_at: Date | string;
    stopped_at: Date | string | null;
    quiet_ms: string;
  }>`select id, address, started_at, seen_at, stopped_at,
      (extract(epoch from now() - seen_at) * 1000)::bigint::text as quiet_ms
    from cluster_nodes order by id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    address: row.address,
    startedAt: new Date(row.started_at),
    seenAt: new Date(row.seen_at),
    stoppedAt: row.stopped_at === null ? null : new Date(row.stopped_at),
    quietMs: Number(row.quiet_ms),
  }));
}
