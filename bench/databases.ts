// The databases a database bench runs on, each fresh: PGlite in memory always, and PostgreSQL when
// one answers (a database of its own, dropped after).
import { type OpenedDatabase, openDatabase } from '../server/db/database.ts';
import { createTestDatabase } from '../tests/support/postgres.ts';

export type OpenFresh = () => Promise<{ opened: OpenedDatabase; close(): Promise<void> }>;

export const pglite: OpenFresh = async () => {
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  return { opened, close: () => opened.close() };
};

export const postgres: OpenFresh = async () => {
  const created = await createTestDatabase();
  if (!created) throw new Error('PostgreSQL stopped answering');
  const opened = await openDatabase({ databaseUrl: created.url, pgliteDir: 'memory://' });
  return {
    opened,
    close: async () => {
      await opened.close();
      await created.drop();
    },
  };
};

/** PGlite, and PostgreSQL when one answers now. */
export async function benchDatabases(): Promise<[string, OpenFresh][]> {
  const databases: [string, OpenFresh][] = [['PGlite', pglite]];
  const probe = await createTestDatabase();
  if (probe) {
    await probe.drop();
    databases.push(['PostgreSQL', postgres]);
  }
  return databases;
}
