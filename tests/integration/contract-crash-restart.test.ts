// The crash scenario (tests/support/contract-crash.ts) across a SIGKILL, on PostgreSQL: the
// positions open on a server whose index is 100,000; a second server on the same database starts
// with the index at 80,000 and is killed outright as soon as it has recorded that mark, in the
// middle of liquidating; a third finishes. What must hold after a crash without one holds: exactly
// the doomed positions liquidated, each once, at the price shown before the fall, and the ledger
// check. Runs where PostgreSQL answers (the test opens positions through its own connection).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import {
  crashFrom,
  crashTo,
  expectCrashSettled,
  liquidations,
  markOf,
  openCrashPositions,
  until,
} from '../support/contract-crash.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { captureAt } from '../support/replay-capture.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const postgres = await createTestDatabase();

describe('the crash across a SIGKILL', () => {
  it.skipIf(!postgres)(
    'liquidates exactly the doomed positions once each after a restart',
    async () => {
      if (!postgres) return;
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-contract-crash-'));
      const settings = (file: string) => ({
        DATABASE_URL: postgres.url,
        MARKET_FEED: `replay:${file}`,
        MARKET_REPLAY_ALIGN_SECONDS: '0',
        INDEX_STALE_SECONDS: '3600',
        LIQUIDITY_PROVIDER: 'false',
      });
      let server: ServerProcess | undefined;
      let opened: OpenedDatabase | undefined;
      try {
        const before = await captureAt(dataDir, 'BTCUSDT', crashFrom);
        const after = await captureAt(dataDir, 'BTCUSDT', crashTo);
        server = await startServerProcess(settings(before), { dataDir });
        opened = await openDatabase({ databaseUrl: postgres.url, pgliteDir: 'memory://' });
        const { db } = opened;
        const url = server.url;
        await until(
          () => markOf(url),
          (mark) => mark === '100000.00',
        );
        const crash = await openCrashPositions(url, db);
        await server.stop();

        server = await startServerProcess(settings(after), { dataDir });
        await until(
          async () =>
            (
              await sql<{ n: number }>`
                select count(*)::int as n from contract_marks
                where symbol = 'BTCUSDT' and mark_price = ${crashTo}`.execute(db)
            ).rows[0]?.n ?? 0,
          (n) => n > 0,
        );
        await server.kill();
        // However far it got, no liquidation is half-written and none happens twice.
        const partial = await liquidations(db);
        if (partial.length > crash.doomed.size) throw new Error('liquidated more than doomed');

        server = await startServerProcess(settings(after), { dataDir });
        await expectCrashSettled(db, crash);
      } finally {
        await server?.stop();
        await opened?.close();
        await rm(dataDir, { recursive: true, force: true });
        await postgres.drop();
      }
    },
    600_000,
  );
});
