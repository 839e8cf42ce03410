// API keys for trading by program (docs/api-binance.md § "API keys"): each names its owner, its
// scopes and the addresses it may be used from. The secret is kept sealed (AES-256-GCM under a key
// from the settings, server/security/api-key-cipher.ts), never in clear: a signed request is
// checked with the secret itself, so it cannot be hashed. A deleted key keeps its row, marked.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table api_keys (
    id bigserial primary key,
    user_id integer not null references users(id),
    label text not null check (char_length(label) between 1 and 64),
    api_key text not null unique check (char_length(api_key) = 64),
    secret_sealed text not null,
    scopes text[] not null check (cardinality(scopes) > 0),
    ip_allowlist text[] not null default '{}',
    created_at timestamptz not null default now(),
    deleted_at timestamptz
  )`,
  'create index api_keys_user_idx on api_keys (user_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
}
