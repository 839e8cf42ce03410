// Accounts, sessions, verification codes and rate-limit windows.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table users (
    id integer primary key,
    account text not null unique,
    email text unique,
    phone text unique,
    password_hash text not null,
    trade_password_hash text,
    invite_code text not null unique,
    inviter_id integer references users(id),
    avatar text not null default '',
    kyc_status text not null default 'unverified'
      check (kyc_status in ('unverified', 'pending', 'verified', 'rejected')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (email is not null or phone is not null)
  )`,
  'create index users_inviter_idx on users (inviter_id)',
  `create table sessions (
    token_hash text primary key,
    user_id integer not null references users(id),
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    ip text not null,
    user_agent text not null
  )`,
  'create index sessions_user_idx on sessions (user_id)',
  `create table verification_codes (
    id integer generated always as identity primary key,
    destination text not null,
    purpose text not null check (purpose in ('register', 'forget', 'security')),
    code_hash text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz,
    attempts integer not null default 0
  )`,
  'create index verification_codes_lookup_idx on verification_codes (destination, purpose, id desc)',
  `create table rate_limits (
    key text not null,
    window_start timestamptz not null,
    hits integer not null,
    primary key (key, window_start)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'verification_codes', 'sessions', 'users']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
