// The ledger: accounts with available and frozen parts, balanced postings, and the idempotency
// keys of money-moving requests. Amounts are numeric(38, 8): exact, and 8 decimals is what every
// listed asset is kept at.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table ledger_accounts (
    id bigserial primary key,
    user_id integer references users(id),
    system_name text,
    wallet text,
    asset text not null,
    available numeric(38, 8) not null default 0,
    frozen numeric(38, 8) not null default 0,
    check ((user_id is null) <> (system_name is null)),
    check (user_id is null or wallet in ('funding', 'contract', 'option')),
    check (user_id is null or (available >= 0 and frozen >= 0)),
    unique (user_id, wallet, asset),
    unique (system_name, asset)
  )`,
  `create table ledger_postings (
    id bigserial primary key,
    kind text not null,
    reference text not null unique,
    created_at timestamptz not null default now()
  )`,
  `create table ledger_entries (
    posting_id bigint not null references ledger_postings(id),
    account_id bigint not null references ledger_accounts(id),
    bucket text not null check (bucket in ('available', 'frozen')),
    amount numeric(38, 8) not null check (amount <> 0)
  )`,
  'create index ledger_entries_account_idx on ledger_entries (account_id)',
  `create table idempotency_keys (
    user_id integer not null references users(id),
    key text not null,
    path text not null,
    request_hash text not null,
    response jsonb,
    created_at timestamptz not null default now(),
    primary key (user_id, key)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'ledger_entries',
    'ledger_postings',
    'ledger_accounts',
  ]) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
