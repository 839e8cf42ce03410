// PostgreSQL ending the server's idle connections (a restart, a failover, an administrator) does
// not end the server: the next query simply takes a new connection. Runs where PostgreSQL answers.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { createTestDatabase } from '../support/postgres.ts';

const postgres = await createTestDatabase();

describe('the PostgreSQL pool', () => {
  it.skipIf(!postgres)('outlives its idle connections being ended by the server', async () => {
    if (!postgres) return;
    const opened = await openDatabase({ databaseUrl: postgres.url, pgliteDir: 'memory://' });
    const admin = new pg.Client({ connectionString: postgres.url });
    try {
      await sql`select 1`.execute(opened.db);
      await admin.connect();
      const name = new URL(postgres.url).pathname.slice(1);
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      expect(ended.rowCount).toBeGreaterThan(0);
      // The pool hears of the ended connection on its own; the process must not fall over.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(opened.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await opened.close();
      await postgres.drop();
    }
  });
});
