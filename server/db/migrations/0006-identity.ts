// Identity verification: uploaded images (owned by their uploader, stored as files under generated
// names) and the verification submissions reviewed by operators.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table uploads (
    id serial primary key,
    user_id integer not null references users(id),
    name text not null unique,
    format text not null check (format in ('jpeg', 'png', 'webp')),
    bytes integer not null check (bytes > 0),
    created_at timestamptz not null default now()
  )`,
  'create index uploads_user_idx on uploads (user_id)',
  `create table identity_submissions (
    id serial primary key,
    user_id integer not null references users(id),
    real_name text not null,
    id_number text not null,
    front_upload_id integer not null references uploads(id),
    back_upload_id integer not null references uploads(id),
    status text not null check (status in ('pending', 'verified', 'rejected')),
    reject_reason text,
    created_at timestamptz not null default now(),
    reviewed_at timestamptz
  )`,
  'create index identity_submissions_user_idx on identity_submissions (user_id, id desc)',
  // One submission under review per user, whatever two requests race.
  `create unique index identity_submissions_one_pending
    on identity_submissions (user_id) where status = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['identity_submissions', 'uploads']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
