// What a recorded mark needs beyond its index, basis, last trade, rate and time to be recomputed
// from its row alone, and to rebuild the basis window after a restart (server/contract/
// mark-recorder.ts): the funding interval its index was carried over, and the basis sample taken
// that second. Rows recorded before this migration have neither.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contract_marks
    add column funding_interval_ms integer check (funding_interval_ms > 0),
    add column basis_sample numeric(38, 8)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contract_marks
    drop column funding_interval_ms,
    drop column basis_sample`.execute(db);
}
