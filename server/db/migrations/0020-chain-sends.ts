// The hot wallet and what it sends (docs/wallet.md § "The real path"): every transaction the
// platform signs (a withdrawal, a deposit address's sweep, the gas that pays for a token's sweep)
// is a row with its nonce, fixed before it is first broadcast and never reused; every hash it was
// broadcast under (a stuck transaction is replaced at the same nonce with a higher fee) is kept,
// so whichever one is mined is recognised. A withdrawal shows its transaction and confirmations and
// may end `failed` (reverted on chain, its funds returned). A deposit remembers the block it was
// seen in, so a reorganisation can drop it (`dropped`), and the sweep that moved it. What only the
// operator must act on (a reorganisation deeper than the confirmations, a hot wallet short of a
// withdrawal) is an incident.
import { type Kysely, sql } from 'kysely';

const statements = [
  'alter table deposits drop constraint deposits_status_check',
  `alter table deposits add constraint deposits_status_check
    check (status in ('confirming', 'credited', 'dropped'))`,
  'alter table deposits add column block_number bigint',
  'alter table deposits add column block_hash text',
  'alter table withdrawals drop constraint withdrawals_status_check',
  `alter table withdrawals add constraint withdrawals_status_check
    check (status in ('pending', 'approved', 'sent', 'failed', 'rejected', 'cancelled'))`,
  'alter table withdrawals add column txid text',
  'alter table withdrawals add column confirmations integer not null default 0',
  `create table chain_nonces (
    chain text not null,
    address text not null,
    next_nonce bigint not null check (next_nonce >= 0),
    primary key (chain, address)
  )`,
  `create table chain_sends (
    id serial primary key,
    chain text not null,
    purpose text not null check (purpose in ('withdrawal', 'sweep', 'gas')),
    withdrawal_id integer unique references withdrawals (id),
    signing_key text not null,
    from_address text not null,
    to_address text not null,
    asset text not null,
    value text not null,
    nonce bigint,
    status text not null check (status in ('queued', 'sent', 'confirmed', 'failed')),
    gas_limit text,
    tx_hash text,
    attempts integer not null default 0,
    broadcast_at timestamptz,
    block_number bigint,
    confirmations integer not null default 0,
    fee_paid text,
    error text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (chain, from_address, nonce)
  )`,
  "create index chain_sends_open on chain_sends (chain, status) where status in ('queued', 'sent')",
  `create table chain_send_hashes (
    tx_hash text primary key,
    send_id integer not null references chain_sends (id),
    raw_tx text not null,
    max_fee_per_gas text not null,
    max_priority_fee_per_gas text not null,
    created_at timestamptz not null default now()
  )`,
  'create index chain_send_hashes_send on chain_send_hashes (send_id)',
  'alter table deposits add column sweep_id integer references chain_sends (id)',
  `create table chain_incidents (
    id serial primary key,
    chain text not null,
    kind text not null,
    block_number bigint,
    details jsonb not null,
    created_at timestamptz not null default now(),
    resolved_at timestamptz
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const undo = [
    'drop table chain_incidents',
    'alter table deposits drop column sweep_id',
    'drop table chain_send_hashes',
    'drop table chain_sends',
    'drop table chain_nonces',
    'alter table withdrawals drop column confirmations',
    'alter table withdrawals drop column txid',
    'alter table withdrawals drop constraint withdrawals_status_check',
    `alter table withdrawals add constraint withdrawals_status_check
      check (status in ('pending', 'approved', 'sent', 'rejected', 'cancelled'))`,
    'alter table deposits drop column block_hash',
    'alter table deposits drop column block_number',
    'alter table deposits drop constraint deposits_status_check',
    `alter table deposits add constraint deposits_status_check
      check (status in ('confirming', 'credited'))`,
  ];
  for (const statement of undo) await sql.raw(statement).execute(db);
}
