// Failover of the engines between real server processes on one PostgreSQL database and NATS: the
// node running the engines is killed outright (SIGKILL) in the middle of a stream of orders sent
// through the two others; one of them takes the engines over, every order that was acknowledged
// is stored exactly once, and the ledger balances. Runs where PostgreSQL and NATS answer
// (skipped with a message otherwise).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const natsUrl = await natsAnswers();
const postgres = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;
afterAll(async () => {
  await postgres?.drop();
});

const orders = 40;
/** Acknowledged this many before the engines' node is killed. */
const killAfter = 12;

const nodeEnv = (id: string): Record<string, string> => ({
  DATABASE_URL: postgres?.url ?? '',
  NATS_URL: natsUrl ?? '',
  NODE_ID: id,
  LEASE_SECONDS: '2',
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
  MARKETS: 'BTC',
});

describe.skipIf(missing !== undefined)(
  `engines failover${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    it('keeps every acknowledged order exactly once when the engines node is killed mid-stream', async () => {
      const engines = await startServerProcess(nodeEnv('node-a'));
      const gateways: ServerProcess[] = [];
      for (const id of ['node-b', 'node-c']) {
        gateways.push(await startServerProcess(nodeEnv(id), { until: 'listening' }));
      }
      const [b, c] = gateways as [ServerProcess, ServerProcess];
      const trader = await registerUser(new ApiClient(b.url), b.dataDir);
      const deposit = await callOperator(b, 'deposit', {
        account: trader.account,
        asset: 'USDT',
        amount: '10000',
        chain: 'TRC20',
      });
      expect(deposit.status).toBe(200);

      /** Sends the order until it is acknowledged, with the same key each time: it runs once. */
      const placeUntilAcknowledged = async (node: ServerProcess, price: string) => {
        const key = randomUUID();
        const deadline = Date.now() + 120_000;
        for (;;) {
          const answer = await new ApiClient(node.url)
            .post<SpotOrder>(
              '/spot/order',
              { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price, quantity: '0.001' },
              { token: trader.token, headers: { 'idempotency-key': key } },
            )
            .catch(() => undefined);
          if (answer?.body.code === 200) return answer.body.data;
          if (answer && answer.body.code !== 1051 && answer.body.code !== 1208) {
            throw new Error(`refused: ${JSON.stringify(answer.body)}`);
          }
          if (Date.now() > deadline) throw new Error('never acknowledged');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };

      const acknowledged: SpotOrder[] = [];
      for (let i = 0; i < orders; i++) {
        if (i === killAfter) await engines.kill();
        const through = i % 2 === 0 ? b : c;
        acknowledged.push(await placeUntilAcknowledged(through, String(90_000 - i * 10)));
      }

      const listed = await new ApiClient(c.url).get<{ list: SpotOrder[]; total: number }>(
        '/spot/orders',
        { status: 'current', symbol: 'BTCUSDT', size: '50' },
        { token: trader.token },
      );
      expect(listed.body.data.total).toBe(orders);
      expect(listed.body.data.list.map((order) => order.id).sort((x, y) => x - y)).toEqual(
        acknowledged.map((order) => order.id).sort((x, y) => x - y),
      );
      const cluster = await callOperator<{ leases: { name: string; owner: string }[] }>(
        b,
        'cluster',
        {},
      );
      expect(['node-b', 'node-c']).toContain(cluster.body.data.leases[0]?.owner);
      const owner = cluster.body.data.leases[0]?.owner === 'node-b' ? b : c;
      expect((await callOperator(owner, 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });
      for (const node of gateways) await node.stop();
    }, 300_000);
  },
);
