// The notification centre: a user's last events (at most 100 each, trimmed as new ones are
// recorded), each with its kind, its figures as JSON and when it was read. `event_key` names the
// event, so that recording it twice (two nodes hearing one frame, a frame sent again) keeps one row.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table notifications (
    id bigserial primary key,
    user_id integer not null references users(id),
    kind text not null check (length(kind) between 1 and 40),
    params jsonb not null,
    event_key text not null check (length(event_key) between 1 and 120),
    created_at timestamptz not null,
    read_at timestamptz,
    unique (user_id, event_key)
  )`,
  'create index notifications_user_idx on notifications (user_id, id desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table notifications').execute(db);
}
