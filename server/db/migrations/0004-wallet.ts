// Deposit addresses, deposits seen on chains, withdrawals, the address book, and the log of
// operator actions.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table deposit_addresses (
    user_id integer not null references users(id),
    chain text not null,
    address text not null unique,
    derivation_index integer not null,
    created_at timestamptz not null default now(),
    primary key (user_id, chain),
    unique (chain, derivation_index)
  )`,
  `create table deposits (
    id serial primary key,
    user_id integer not null references users(id),
    asset text not null,
    chain text not null,
    txid text not null,
    address text not null,
    amount numeric(38, 8) not null check (amount > 0),
    confirmations integer not null,
    required_confirmations integer not null,
    status text not null check (status in ('confirming', 'credited')),
    created_at timestamptz not null default now(),
    credited_at timestamptz,
    unique (chain, txid)
  )`,
  'create index deposits_user_idx on deposits (user_id, id desc)',
  `create table withdrawals (
    id serial primary key,
    user_id integer not null references users(id),
    asset text not null,
    chain text not null,
    address text not null,
    amount numeric(38, 8) not null check (amount > 0),
    fee numeric(38, 8) not null check (fee >= 0),
    status text not null check (status in ('pending', 'approved', 'sent', 'rejected', 'cancelled')),
    reason text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  'create index withdrawals_user_idx on withdrawals (user_id, id desc)',
  `create table address_book (
    id serial primary key,
    user_id integer not null references users(id),
    asset text not null,
    chain text not null,
    address text not null,
    remark text not null default '',
    created_at timestamptz not null default now(),
    unique (user_id, asset, chain, address)
  )`,
  `create table operator_actions (
    id serial primary key,
    action text not null,
    subject text not null,
    detail jsonb,
    created_at timestamptz not null default now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [
    'operator_actions',
    'address_book',
    'withdrawals',
    'deposits',
    'deposit_addresses',
  ];
  for (const table of tables) await sql.raw(`drop table ${table}`).execute(db);
}
