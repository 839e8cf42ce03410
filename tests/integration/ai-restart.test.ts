// An AI product across a restart, on a manual clock over PostgreSQL: the server stops the day
// after a purchase, stays down for two more days, and the server that starts afterwards pays the
// days that ended meanwhile, each once, and records each day once for the order's group.
// Runs where PostgreSQL answers.
import { describe, expect, it } from 'vitest';
import type { AiOrder } from '../../schemas/api/ai.schema.ts';
import { auditLedger } from '../../server/ledger-audit.ts';
import { ApiClient } from '../support/api-client.ts';
import { until } from '../support/contract-crash.ts';
import { expectOk } from '../support/expectations.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { seedTraders } from '../support/seeded-traders.ts';

const postgres = await createTestDatabase();
const dayMs = 86_400_000;
const clock = new ManualClock(Date.parse('2026-06-10T15:00:00Z'));
const env = { LIQUIDITY_PROVIDER: 'false', CONTRACT_TRADING: 'false', OPTION_TRADING: 'false' };

describe('an AI product across a restart', () => {
  it.skipIf(!postgres)(
    'pays the days missed while the server was down, once each',
    async () => {
      if (!postgres) return;
      let server: InProcessServer | undefined;
      try {
        server = await startInProcessServer(clock, env, postgres.url);
        const added = await callOperator<{ id: number }>(server, 'ai-add', {
          name: 'Fixed 5 days',
          days: '5',
          apr: '36.5',
          min: '10',
          max: '5000',
          quota: '5000',
        });
        const id = added.body.data.id;
        await callOperator(server, 'ai-fund', { id: String(id), amount: '10' });
        const [trader] = await seedTraders(server.db, 1, 2_000n * 100_000_000n, 'funding', clock);
        if (!trader) throw new Error('no trader');
        const bought = await new ApiClient(server.url).post<AiOrder>(
          '/ai/buy',
          { product_id: String(id), amount: '1000' },
          { token: trader.token, headers: { 'idempotency-key': crypto.randomUUID() } },
        );
        expectOk(bought);
        await server.stop();
        server = undefined;

        // Down through the ends of days 1 and 2 (2026-06-12 and -13, 00:00 UTC).
        clock.advance(2 * dayMs + 10 * 3_600_000);
        server = await startInProcessServer(clock, env, postgres.url);
        const client = new ApiClient(server.url);
        const order = await until(
          async () =>
            (
              await client.get<{ list: AiOrder[] }>(
                '/ai/orders',
                { status: 'active' },
                { token: trader.token },
              )
            ).body.data.list[0],
          (found) => found?.paid === '2',
          60_000,
        );
        expect(order?.schedule.map((day) => day.paid)).toEqual([true, true, false, false, false]);
        const days = await server.db
          .selectFrom('ai_accruals')
          .select(['day', 'orders', 'amount'])
          .orderBy('day')
          .execute();
        expect(days.map((day) => [day.day, day.orders, Number(day.amount)])).toEqual([
          [1, 1, 1],
          [2, 1, 1],
        ]);
        expect(await auditLedger(server.db)).toEqual([]);
      } finally {
        await server?.stop();
        await postgres.drop();
      }
    },
    300_000,
  );
});
