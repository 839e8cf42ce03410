// A proof-of-reserves snapshot publishes the on-chain holdings beside the liabilities' totals
// (docs/wallet.md § "Proof of reserves"): per asset, what the exchange's addresses held, each
// address with its amount, and the block they were read at. Null when no real chain is configured
// (and for the snapshots taken before this), since there is nothing on chain to show.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reserve_snapshots add column holdings jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table reserve_snapshots drop column holdings`.execute(db);
}
