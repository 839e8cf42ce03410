// Ledger entries without row-by-row foreign keys. PostgreSQL checks a foreign key with a trigger
// per inserted row (an index lookup and a share lock on the row referred to): for the 300,000
// entries of a 100,000-user pre-sale distribution that was most of the time, on PostgreSQL and
// PGlite alike (docs/decisions.md § "Ledger entries without foreign keys"). The one writer of
// entries (server/ledger/write-postings.ts) takes their posting ids from the statement that
// inserts the postings and their account ids from the accounts table in the same transaction;
// accounts and postings are never deleted; and `ledger check` proves every entry's posting and
// account exist.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint ledger_entries_posting_id_fkey`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_account_id_fkey`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add constraint ledger_entries_posting_id_fkey
    foreign key (posting_id) references ledger_postings(id)`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_account_id_fkey
    foreign key (account_id) references ledger_accounts(id)`.execute(db);
}
