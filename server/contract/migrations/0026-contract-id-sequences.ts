// Contract order and position ids come from their tables' sequences (server/engine/sequence-block.ts),
// so that writers on several nodes never give out the same one. Until now the engine counted them
// itself and wrote them explicitly, which never moved the sequences: each is set past the highest
// id written.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['contract_orders', 'contract_positions']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'),
      greatest((select max(id) from ${sql.table(table)}), 1),
      (select max(id) from ${sql.table(table)}) is not null)`.execute(db);
  }
}

export async function down(): Promise<void> {
  // The sequences only ever moved forward: nothing to undo.
}
