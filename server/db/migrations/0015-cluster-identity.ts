// The cluster's own name: nodes on one database are one cluster, and this random id, made once
// with the database, keeps their bus subjects apart from any other cluster's on a shared NATS
// server (server/bus/cluster-scope.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table cluster_identity (
    one boolean primary key default true check (one),
    id text not null
  )`.execute(db);
  await sql`insert into cluster_identity (id)
    values (replace(gen_random_uuid()::text, '-', ''))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table cluster_identity`.execute(db);
}
