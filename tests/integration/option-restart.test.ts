// A second contract across a SIGKILL, on PostgreSQL: it is placed on a server whose index is
// 100,000 and that records its opening print; the server is killed outright; a second server on the
// same database, with the index at 100,500, reads the open contract back and settles it at expiry
// on the print it records then, against the opening print the first one recorded: a win, paid
// once, and the ledger check. Runs where PostgreSQL answers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { captureAt } from '../support/replay-capture.ts';
import { seedTraders } from '../support/seeded-traders.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const postgres = await createTestDatabase();

describe('a second contract across a SIGKILL', () => {
  it.skipIf(!postgres)(
    'is read back after the restart and settled on the prints both servers recorded',
    async () => {
      if (!postgres) return;
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-option-restart-'));
      const settings = (file: string) => ({
        DATABASE_URL: postgres.url,
        MARKET_FEED: `replay:${file}`,
        // A replay is predictable (the capture holds its prints): contracts open on it only so.
        OPTION_PREDICTABLE_FEED: 'true',
        MARKET_REPLAY_ALIGN_SECONDS: '0',
        INDEX_STALE_SECONDS: '3600',
        LIQUIDITY_PROVIDER: 'false',
        CONTRACT_TRADING: 'false',
      });
      let server: ServerProcess | undefined;
      let opened: OpenedDatabase | undefined;
      try {
        const before = await captureAt(dataDir, 'BTCUSDT', 100_000);
        const after = await captureAt(dataDir, 'BTCUSDT', 100_500);
        server = await startServerProcess(settings(before), { dataDir, until: 'listening' });
        opened = await openDatabase({ databaseUrl: postgres.url, pgliteDir: 'memory://' });
        const { db } = opened;
        const [trader] = await seedTraders(db, 1, 1_000n * 100_000_000n, 'option');
        if (!trader) throw new Error('no trader');
        const client = () => new ApiClient((server as ServerProcess).url);
        const placed = await until(
          () =>
            client().post<OptionContract>(
              '/option/order',
              { symbol: 'BTCUSDT', direction: 'up', unit: 'minute', length: '1', amount: '100' },
              { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
            ),
          // The first print may not be in yet: an order waits for a fresh one.
          (answer) => answer.body.code === 200,
          60_000,
        );
        expectOk(placed);
        const contract = placed.body.data;
        const printAt = async (at: string) =>
          db
            .selectFrom('index_prints')
            .select(['price'])
            .where('symbol', '=', 'BTCUSDT')
            .where('ts', '=', new Date(at))
            .executeTakeFirst();
        await until(
          () => printAt(contract.open_time),
          (print) => print !== undefined,
          60_000,
        );
        await server.kill();

        server = await startServerProcess(settings(after), { dataDir, until: 'listening' });
        const settled = await until(
          async () =>
            (
              await client().get<{ list: OptionContract[] }>(
                '/option/orders',
                { status: 'history' },
                { token: trader.token },
              )
            ).body.data?.list ?? [],
          (list) => list.length > 0,
          180_000,
        );
        expect(settled).toEqual([
          expect.objectContaining({
            id: contract.id,
            outcome: 'win',
            payout: '180',
            open_price: '100000',
            open_print_at: contract.open_time,
            settle_price: '100500',
            settle_print_at: contract.expiry_time,
          }),
        ]);
        const paid = await db
          .selectFrom('ledger_postings')
          .select('reference')
          .where('kind', '=', 'option.payout')
          .execute();
        expect(paid).toHaveLength(1);
        expect(await auditLedger(db)).toEqual([]);
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
