// A funding round paid a slice of positions at a time (server/contract/funding-rounds.ts): the
// round's row is written when its first slice is paid and kept current by each slice after. It
// records the last position id owed (positions opened after the round began owe nothing), how
// many positions it owed, the last owed position every slice so far has reached, and whether the
// round is finished. Rounds
// recorded before slices were paid whole, so they read as finished.
import { type Kysely, sql } from 'kysely';

const statements = [
  'alter table contract_funding_rounds add column ceiling bigint not null default 0',
  'alter table contract_funding_rounds add column owed integer not null default 0',
  // A round paid whole owed the positions it recorded a payment for.
  `update contract_funding_rounds r set owed = (
    select count(*) from contract_funding_payments p where p.round_id = r.id)`,
  'alter table contract_funding_rounds add column through_position bigint not null default 0',
  'alter table contract_funding_rounds add column finished boolean not null default true',
  'create index contract_funding_rounds_running_idx on contract_funding_rounds (symbol) where not finished',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop index contract_funding_rounds_running_idx').execute(db);
  for (const column of ['finished', 'through_position', 'owed', 'ceiling']) {
    await sql.raw(`alter table contract_funding_rounds drop column ${column}`).execute(db);
  }
}
