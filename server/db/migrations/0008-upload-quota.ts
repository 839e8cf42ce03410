// What each user has uploaded on the current UTC day: one row per user, reset in place when the
// day changes, so the quota check is one statement that counts and answers (upload-quota.ts).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table upload_quota (
    user_id integer primary key references users(id),
    day date not null,
    uploads integer not null check (uploads >= 0),
    bytes integer not null check (bytes >= 0)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table upload_quota`.execute(db);
}
