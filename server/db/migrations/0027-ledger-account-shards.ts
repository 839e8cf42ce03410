// A system account may be kept in shards, one row each, so that writers that each post to their
// own shard never wait on one another's row lock: the fees of every market's fills went to one
// `fees` row per asset, which every market's writer locked until its transaction committed.
// Unsharded accounts have the empty shard; a total is the sum over an account's shards.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts add column shard text not null default ''`.execute(db);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_system_name_asset_key`.execute(
    db,
  );
  await sql`alter table ledger_accounts add constraint ledger_accounts_system_name_asset_shard_key
    unique (system_name, asset, shard)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts drop constraint ledger_accounts_system_name_asset_shard_key`.execute(
    db,
  );
  await sql`alter table ledger_accounts add constraint ledger_accounts_system_name_asset_key
    unique (system_name, asset)`.execute(db);
  await sql`alter table ledger_accounts drop column shard`.execute(db);
}
