// A group of second contracts settled in slices (server/option/option-writer.ts): its settlement
// row (the prints and the outcome, decided once) is written with the first slice, and while the
// rest are paid this row keeps how far the slices have come: the last contract settled (contracts
// settle in id order), how many of the group's contracts that is, and what they were paid. A
// contract of the group after `through_contract` is still open; the row is deleted in the
// transaction of the group's last slice. A small group settled in one slice never has a row.
import { type Kysely, sql } from 'kysely';

const statements = [
  `create table option_settlement_rounds (
    symbol text not null,
    open_time timestamptz not null,
    expiry_time timestamptz not null,
    through_contract bigint not null,
    settled integer not null check (settled > 0),
    paid numeric(38, 8) not null check (paid >= 0),
    primary key (symbol, open_time, expiry_time),
    foreign key (symbol, open_time, expiry_time)
      references option_settlements (symbol, open_time, expiry_time)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table option_settlement_rounds').execute(db);
}
