// Transactions that PostgreSQL aborts to break a deadlock run again: two transactions that take
// the same two rows in opposite orders both complete, each exactly once in the result. Only
// PostgreSQL deadlocks (PGlite has one connection), so this runs when one answers.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { isTransientConflict, transact } from '../../server/db/transact.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();
let opened: OpenedDatabase | undefined;

beforeAll(async () => {
  if (postgres) opened = await openDatabase({ databaseUrl: postgres.url, pgliteDir: '' });
}, 120_000);
afterAll(async () => {
  await opened?.close();
  await postgres?.drop();
});

/** A promise and the function that settles it. */
function signal() {
  let fire: () => void = () => {};
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

it.skipIf(!postgres)('runs a transaction again when it was the victim of a deadlock', async () => {
  const db = opened?.db;
  if (!db) throw new Error('no database');
  await sql`create table counters (id int primary key, n int not null)`.execute(db);
  await sql`insert into counters values (1, 0), (2, 0)`.execute(db);
  const bump = (id: number) => sql`update counters set n = n + 1 where id = ${id}`;

  const firstHolds = signal();
  const secondHolds = signal();
  const runs = { first: 0, second: 0 };
  const errors: unknown[] = [];
  // Each takes one row, waits until the other holds the other row, then asks for it: a deadlock
  // the database breaks by aborting one; the retry finds the other committed and goes through.
  const first = transact(db, async (trx) => {
    runs.first++;
    await bump(1).execute(trx);
    firstHolds.fire();
    await secondHolds.fired;
    await bump(2).execute(trx);
  }).catch((error) => errors.push(error));
  const second = transact(db, async (trx) => {
    runs.second++;
    await bump(2).execute(trx);
    secondHolds.fire();
    await firstHolds.fired;
    await bump(1).execute(trx);
  }).catch((error) => errors.push(error));
  await Promise.all([first, second]);

  expect(errors).toEqual([]);
  // One of them ran twice: its first attempt was the deadlock's victim and left nothing behind.
  expect(runs.first + runs.second).toBe(3);
  const { rows } = await sql<{ id: number; n: number }>`
    select id, n from counters order by id`.execute(db);
  expect(rows).toEqual([
    { id: 1, n: 2 },
    { id: 2, n: 2 },
  ]);
});

it('tells a deadlock and a serialisation failure from other errors', () => {
  expect(isTransientConflict({ code: '40P01' })).toBe(true);
  expect(isTransientConflict({ code: '40001' })).toBe(true);
  expect(isTransientConflict({ code: '23505' })).toBe(false);
  expect(isTransientConflict(new Error('40P01'))).toBe(false);
  expect(isTransientConflict(null)).toBe(false);
});
