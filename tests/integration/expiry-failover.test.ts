// Settlement and funding across a failover at the moment of expiry, between real server processes
// on one PostgreSQL database and NATS: second contracts expire and a funding round falls due on
// the same second, and the node running the engines is killed outright (SIGKILL) just before it.
// The node that takes the engines over settles every contract once, by the published rule from
// the recorded prints, and pays the round the dead node owed once; the ledger balances. Runs where
// PostgreSQL and NATS answer (skipped with a message otherwise).
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import { type OpenedDatabase, openDatabase } from '../../server/db/database.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type SeededTrader, seedTraders } from '../support/seeded-traders.ts';
import { startServerProcess } from '../support/server-process.ts';

const natsUrl = await natsAnswers();
const postgres = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;
let opened: OpenedDatabase | undefined;
afterAll(async () => {
  await opened?.close();
  await postgres?.drop();
});

const fundingIntervalMs = 10_000;
/** How long before the expiry the engines' node is killed: after its last mark, before its round. */
const killBeforeMs = 200;
const seeded = 1_000n * 100_000_000n;

const nodeEnv = (id: string): Record<string, string> => ({
  DATABASE_URL: postgres?.url ?? '',
  NATS_URL: natsUrl ?? '',
  NODE_ID: id,
  LEASE_SECONDS: '2',
  LIQUIDITY_PROVIDER: 'false',
  MARKETS: 'BTC',
  FUNDING_INTERVAL_MS: String(fundingIntervalMs),
  FUNDING_SAMPLE_MS: '1000',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

describe.skipIf(missing !== undefined)(
  `expiry across a failover${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    it('settles each contract and pays the due funding round once, on the node that took over', async () => {
      const engines = await startServerProcess(nodeEnv('node-a'));
      const gateway = await startServerProcess(nodeEnv('node-b'), { until: 'listening' });
      const client = () => new ApiClient(gateway.url);
      opened = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
      const { db } = opened;
      const [long, short] = await seedTraders(db, 2, seeded, 'contract');
      const bettors = await seedTraders(db, 3, seeded, 'option');
      if (!long || !short || bettors.length !== 3) throw new Error('no traders');

      // A long and a short between the two, so the round has payments to make.
      const markets = await until(
        () =>
          client().get<{ list: { symbol: string; mark_price: string | null }[] }>(
            '/contract/markets',
          ),
        (answer) => answer.body.data?.list.some((m) => m.mark_price !== null) ?? false,
        120_000,
      );
      const mark = markets.body.data.list.find((m) => m.symbol === 'BTCUSDT')?.mark_price;
      const price = String(Math.round(Number(mark)));
      const open = (trader: SeededTrader, direction: 'long' | 'short') =>
        client().post(
          '/contract/open',
          {
            symbol: 'BTCUSDT',
            type: 'limit',
            price,
            quantity: '0.01',
            direction,
            leverage: '5',
            margin_mode: 'isolated',
          },
          { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
        );
      expectOk(await open(short, 'short'));
      expectOk(await open(long, 'long'));

      // Contracts of one minute placed just before a funding boundary expire on the next minute's
      // boundary (or the second after it): the expiry and the round fall due together.
      await sleep(fundingIntervalMs - 300 - (Date.now() % fundingIntervalMs));
      const contracts: OptionContract[] = [];
      for (const [i, bettor] of bettors.entries()) {
        const placed = await client().post<OptionContract>(
          '/option/order',
          {
            symbol: 'BTCUSDT',
            direction: i % 2 === 0 ? 'up' : 'down',
            unit: 'minute',
            length: '1',
            amount: '100',
          },
          { token: bettor.token, headers: { 'idempotency-key': crypto.randomUUID() } },
        );
        expectOk(placed);
        contracts.push(placed.body.data);
      }
      const firstExpiry = Math.min(...contracts.map((c) => Date.parse(c.expiry_time)));
      const due = firstExpiry - (firstExpiry % fundingIntervalMs);
      expect(firstExpiry - due).toBeLessThan(2_000);
      await sleep(due - killBeforeMs - Date.now());
      await engines.kill();

      // The gateway takes the engines over, settles what expired and pays the round owed.
      const settled = await until(
        () =>
          Promise.all(
            contracts.map((contract, i) =>
              client().get<{
                status: string;
                matches: boolean | null;
                recorded_outcome: string | null;
                recorded_payout: string | null;
              }>('/option/verify', { id: String(contract.id) }, { token: bettors[i]?.token ?? '' }),
            ),
          ),
        (answers) => answers.every((answer) => answer.body.data?.status === 'settled'),
        120_000,
      );
      for (const answer of settled) expect(answer.body.data.matches).toBe(true);
      // Each bettor holds what they staked taken once and what they were paid added once.
      for (const [i, bettor] of bettors.entries()) {
        const payout = parseAmount(settled[i]?.body.data.recorded_payout ?? '0') ?? 0n;
        const wallet = await db
          .selectFrom('ledger_accounts')
          .select(['available', 'frozen'])
          .where('user_id', '=', bettor.userId)
          .where('wallet', '=', 'option')
          .executeTakeFirstOrThrow();
        expect(parseAmount(wallet.available)).toBe(seeded - 100n * 100_000_000n + payout);
        expect(parseAmount(wallet.frozen)).toBe(0n);
      }
      const { rows: twice } = await sql<{ reference: string }>`
        select reference from ledger_postings where kind = 'option.payout'
        group by reference having count(*) > 1`.execute(db);
      expect(twice).toEqual([]);

      const round = await until(
        () =>
          sql<{ payments: number }>`
            select (select count(*)::int from contract_funding_payments p where p.round_id = r.id)
              as payments
            from contract_funding_rounds r
            where r.symbol = 'BTCUSDT' and r.funding_time = ${new Date(due)}`.execute(db),
        (result) => result.rows.length > 0,
        120_000,
      );
      expect(round.rows).toEqual([{ payments: 2 }]);

      const cluster = await callOperator<{ leases: { owner: string }[] }>(gateway, 'cluster', {});
      expect(cluster.body.data.leases).toEqual([expect.objectContaining({ owner: 'node-b' })]);
      expect((await callOperator(gateway, 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });
      await gateway.stop();
    }, 400_000);
  },
);
