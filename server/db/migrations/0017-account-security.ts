// Account security (docs/security.md): the account's language and anti-phishing code, withdrawal
// whitelist mode and hold, authenticator secrets and recovery codes, passkeys and their
// challenges, session ids a user can revoke by, and the login history.
import { type Kysely, sql } from 'kysely';

const statements = [
  `alter table users
    add column language text not null default 'en',
    add column anti_phishing_code text,
    add column withdraw_whitelist boolean not null default false,
    add column withdraw_hold_until timestamptz,
    add column withdraw_hold_reason text`,
  // A session is named to its owner by this id, never by its token hash.
  'alter table sessions add column id bigserial not null unique',
  'alter table verification_codes drop constraint verification_codes_purpose_check',
  `alter table verification_codes add constraint verification_codes_purpose_check
    check (purpose in ('register', 'forget', 'security', 'withdraw', 'bind_phone'))`,
  `alter table withdrawals add column second_factor text
    check (second_factor in ('totp', 'passkey'))`,
  // One authenticator per user; `confirmed_at` is null while binding waits for its first code.
  `create table totp_factors (
    user_id integer primary key references users(id),
    secret text not null,
    created_at timestamptz not null default now(),
    confirmed_at timestamptz,
    last_step bigint
  )`,
  `create table recovery_codes (
    id serial primary key,
    user_id integer not null references users(id),
    code_hash text not null,
    created_at timestamptz not null default now(),
    used_at timestamptz,
    unique (user_id, code_hash)
  )`,
  `create table passkeys (
    id serial primary key,
    user_id integer not null references users(id),
    credential_id text not null unique,
    public_key text not null,
    counter bigint not null default 0,
    transports text not null default '',
    backed_up boolean not null default false,
    name text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz
  )`,
  'create index passkeys_user_idx on passkeys (user_id)',
  `create table webauthn_challenges (
    id bigserial primary key,
    user_id integer references users(id),
    purpose text not null check (purpose in ('register', 'login', 'withdraw')),
    challenge text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  // Expired challenges are deleted as new ones are made (server/security/webauthn-challenges.ts).
  'create index webauthn_challenges_expiry_idx on webauthn_challenges (expires_at)',
  `create table login_events (
    id bigserial primary key,
    user_id integer not null references users(id),
    at timestamptz not null default now(),
    ip text not null,
    user_agent text not null,
    device text not null,
    method text not null check (method in ('password', 'passkey', 'register')),
    outcome text not null check (outcome in ('ok', 'password_wrong', 'second_factor_wrong', 'locked')),
    new_device boolean not null default false
  )`,
  'create index login_events_user_idx on login_events (user_id, at desc)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_events',
    'webauthn_challenges',
    'passkeys',
    'recovery_codes',
    'totp_factors',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
  await sql`alter table withdrawals drop column second_factor`.execute(db);
  await sql`alter table verification_codes drop constraint verification_codes_purpose_check`.execute(
    db,
  );
  await sql`delete from verification_codes where purpose in ('withdraw', 'bind_phone')`.execute(db);
  await sql`alter table verification_codes add constraint verification_codes_purpose_check
    check (purpose in ('register', 'forget', 'security'))`.execute(db);
  await sql`alter table sessions drop column id`.execute(db);
  await sql`alter table users
    drop column language, drop column anti_phishing_code, drop column withdraw_whitelist,
    drop column withdraw_hold_until, drop column withdraw_hold_reason`.execute(db);
}
