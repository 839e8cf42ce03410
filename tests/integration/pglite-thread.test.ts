// The embedded database on its own thread: statements answer as PGlite would on the server's
// thread (rows, types, errors with their codes), what is written survives a close and a reopen,
// and a long statement leaves the server's event loop free.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/db/database.ts';
import { PGliteClient } from '../../server/db/pglite-client.ts';

const opened: PGliteClient[] = [];

async function open(dir = 'memory://'): Promise<PGliteClient> {
  const client = await PGliteClient.open(dir);
  opened.push(client);
  return client;
}

afterEach(async () => {
  for (const client of opened.splice(0)) await client.close();
});

describe('PGlite on its own thread', () => {
  it('answers rows with their types as PGlite gives them', async () => {
    const db = await open();
    const answer = await db.query(
      `select $1::int as n, $2::text as t, $3::timestamptz as at, $4::bytea as b, null as nothing`,
      [7, 'seven', new Date('2026-11-24T10:00:00Z'), new Uint8Array([1, 2, 3])],
    );
    expect(answer.rows).toEqual([
      {
        n: 7,
        t: 'seven',
        at: new Date('2026-11-24T10:00:00Z'),
        b: new Uint8Array([1, 2, 3]),
        nothing: null,
      },
    ]);
  });

  it('reports affected rows, and errors with the database’s code and constraint', async () => {
    const db = await open();
    await db.query('create table t (id int constraint t_pkey primary key)', []);
    const inserted = await db.query('insert into t values (1), (2)', []);
    expect(inserted.affectedRows).toBe(2);
    const error = await db.query('insert into t values (1)', []).catch((caught) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error, 't_pkey')).toBe(true);
    // The failed statement changed nothing, and the connection goes on.
    expect((await db.query('select count(*)::int as n from t', [])).rows).toEqual([{ n: 2 }]);
  });

  it('keeps what was written across a close and a reopen of the same directory', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-pglite-'));
    try {
      const first = await PGliteClient.open(path.join(dir, 'db'));
      await first.query('create table kept (v text)', []);
      await first.query('insert into kept values ($1)', ['durable']);
      await first.close();
      expect(first.closed).toBe(true);
      await expect(first.query('select 1', [])).rejects.toThrow(/closed/);

      const second = await open(path.join(dir, 'db'));
      expect((await second.query('select v from kept', [])).rows).toEqual([{ v: 'durable' }]);
    } finally {
      for (const client of opened.splice(0)) await client.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves the event loop free while a long statement runs', async () => {
    const db = await open();
    let finished = false;
    const long = db
      .query('select count(*)::int as n from generate_series(1, 5000000)', [])
      .then((answer) => {
        finished = true;
        return answer;
      });
    // Turns of the event loop go by while the thread computes: on the server's own thread the
    // statement would hold the loop until it finished.
    let ticks = 0;
    while (!finished && ticks < 3) {
      await new Promise((resolve) => setImmediate(resolve));
      ticks++;
    }
    expect(ticks).toBe(3);
    expect((await long).rows).toEqual([{ n: 5000000 }]);
  });
});
