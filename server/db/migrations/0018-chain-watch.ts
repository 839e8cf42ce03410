// The real chains' watchers: a transaction may pay several deposits (an ERC-20 transfer is one log
// of it), so a deposit is told apart by its log index too (-1 for a native transfer); each chain
// keeps the block its watcher has read up to, and the hashes of recent blocks, by which a later
// read notices that the chain was reorganised under it.
import { type Kysely, sql } from 'kysely';

const statements = [
  'alter table deposits add column log_index integer not null default -1',
  'alter table deposits drop constraint deposits_chain_txid_key',
  'alter table deposits add constraint deposits_chain_txid_log_index_key unique (chain, txid, log_index)',
  `create table chain_cursors (
    chain text primary key,
    block_number bigint not null,
    block_hash text not null,
    updated_at timestamptz not null default now()
  )`,
  `create table chain_blocks (
    chain text not null,
    number bigint not null,
    hash text not null,
    primary key (chain, number)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const undo = [
    'drop table chain_blocks',
    'drop table chain_cursors',
    'alter table deposits drop constraint deposits_chain_txid_log_index_key',
    'alter table deposits add constraint deposits_chain_txid_key unique (chain, txid)',
    'alter table deposits drop column log_index',
  ];
  for (const statement of undo) await sql.raw(statement).execute(db);
}
