// Two nodes on one PostgreSQL database and one NATS server, as an operator runs them behind a load
// balancer: each knows the other, and what one node does for a user reaches that user's socket on
// the other. Runs where PostgreSQL and NATS answer (skipped with a message otherwise). The market
// engines are off: this is about what crosses between nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NatsBus } from '../../server/bus/nats-bus.ts';
import { systemClock } from '../../server/clock.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { SocketClient } from '../support/socket-client.ts';

const natsUrl = await natsAnswers();
const postgres: TestDatabase | undefined = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;

const env = {
  SPOT_TRADING: 'false',
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
  MARKETS: 'BTC',
};
const silent = { warn: () => undefined };
const nodes: InProcessServer[] = [];

async function startNode(id: string): Promise<InProcessServer> {
  if (!natsUrl || !postgres) throw new Error('needs NATS and PostgreSQL');
  const bus = await NatsBus.connect({ url: natsUrl, name: id, log: silent });
  const node = await startInProcessServer(
    systemClock,
    { ...env, NODE_ID: id, NATS_URL: natsUrl },
    postgres.url,
    { bus },
  );
  nodes.push(node);
  return node;
}

describe.skipIf(missing !== undefined)(
  `two nodes${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    let a: InProcessServer;
    let b: InProcessServer;
    beforeAll(async () => {
      a = await startNode('node-a');
      b = await startNode('node-b');
    }, 180_000);
    afterAll(async () => {
      for (const socket of SocketClient.open) socket.socket.close();
      for (const node of nodes) await node.stop();
      await postgres?.drop();
    });

    it('each lists both, alive, and its NATS connection', async () => {
      const answer = await callOperator<{
        node: string;
        bus: { kind: string; connected: boolean };
        nodes: { id: string; state: string }[];
      }>(a, 'cluster', {});
      expect(answer.body.data.node).toBe('node-a');
      expect(answer.body.data.bus).toMatchObject({ kind: 'nats', connected: true });
      expect(answer.body.data.nodes).toEqual([
        expect.objectContaining({ id: 'node-a', state: 'alive' }),
        expect.objectContaining({ id: 'node-b', state: 'alive' }),
      ]);
    });

    it("sends what one node did for a user to the user's socket on the other", async () => {
      const alice = await registerUser(new ApiClient(b.url), b.dataDir);
      const socket = await SocketClient.connect(b.url);
      socket.send({ op: 'auth', token: alice.token });
      // The book answers at once: once it is in, the `support` subscription before it is too.
      socket.subscribe(['support', 'depth.BTCUSDT']);
      await socket.until((frames) => frames.some((f) => f.channel === 'depth.BTCUSDT'), 'book');

      await callOperator(a, 'support/reply', { account: alice.account, text: 'Answered on A' });
      await socket.until(() => socket.on('support').length > 0, "node A's answer");
      expect(socket.on('support')[0]?.data).toEqual([
        expect.objectContaining({ from: 'operator', text: 'Answered on A' }),
      ]);

      // Her own message, sent through node A, reaches her socket on node B too.
      const sent = await new ApiClient(a.url).post(
        '/support/send',
        { message: 'Sent through A' },
        { token: alice.token },
      );
      expect(sent.body.code).toBe(200);
      await socket.until(() => socket.on('support').length > 1, 'her own message');
      expect(socket.on('support')[1]?.data).toEqual([
        expect.objectContaining({ from: 'user', text: 'Sent through A' }),
      ]);
    });
  },
);
