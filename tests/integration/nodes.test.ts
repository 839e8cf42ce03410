// Two nodes on one PostgreSQL database and one NATS server, as an operator runs them behind a load
// balancer: each knows the other; the engines run on the node holding their lease and answer calls
// made through either; what one node does for a user reaches that user's socket on the other; and
// when the engines' node stops, the other takes them over and trading goes on where it was. Runs
// where PostgreSQL and NATS answer (skipped with a message otherwise).
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { clusterScope } from '../../server/bus/cluster-scope.ts';
import { NatsBus } from '../../server/bus/nats-bus.ts';
import { systemClock } from '../../server/clock.ts';
import { fieldOf } from '../../server/db/field-of.ts';
import { registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { foldDepth } from '../support/depth-book.ts';
import { doorTrader } from '../support/door-client.ts';
import { signedCall } from '../support/door-signed-call.ts';
import { DoorStream } from '../support/door-stream.ts';
import { creditUser } from '../support/funds.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase, type TestDatabase } from '../support/postgres.ts';
import { SocketClient } from '../support/socket-client.ts';

const natsUrl = await natsAnswers();
const postgres: TestDatabase | undefined = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;

const env = {
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
  MARKETS: 'BTC',
};
const silent = { warn: () => undefined };
const nodes: InProcessServer[] = [];

async function trader(node: InProcessServer, funds: Record<string, string>) {
  const user = await registerUser(new ApiClient(node.url), node.dataDir);
  for (const [asset, amount] of Object.entries(funds)) {
    await creditUser(node.db, user.userId, asset, amount);
  }
  return user;
}

const limit = (side: 'buy' | 'sell', price: string, quantity: string) => ({
  symbol: 'BTCUSDT',
  side,
  type: 'limit',
  price,
  quantity,
});

const placeOnce = (
  node: InProcessServer,
  user: { token: string },
  order: Record<string, string>,
  key: string = randomUUID(),
) =>
  new ApiClient(node.url).post<SpotOrder>('/spot/order', order, {
    token: user.token,
    headers: { 'idempotency-key': key },
  });

/** Answers that say nothing was done and to try again: the engines between nodes, a fenced batch. */
const tryAgain = new Set([1051, 1208]);

/** Places an order as the app does: sent again with the same key while told to, so it runs once. */
async function place(
  node: InProcessServer,
  user: { token: string },
  order: Record<string, string>,
): Promise<Answer<SpotOrder>> {
  const key = randomUUID();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await placeOnce(node, user, order, key);
    if (!tryAgain.has(answer.body.code) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

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

    it('each lists both, alive, its NATS connection and who runs the engines', async () => {
      const answer = await callOperator<{
        node: string;
        bus: { kind: string; connected: boolean };
        nodes: { id: string; state: string }[];
        leases: { name: string; owner: string; held: boolean }[];
      }>(b, 'cluster', {});
      expect(answer.body.data.node).toBe('node-b');
      expect(answer.body.data.leases).toEqual([
        expect.objectContaining({ name: 'engines', owner: 'node-a', held: true }),
      ]);
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

    it('answers an order placed through either node, and fills one against the other', async () => {
      const seller = await trader(b, { BTC: '1' });
      const buyer = await trader(a, { USDT: '10000' });
      const socket = await SocketClient.connect(b.url);
      socket.send({ op: 'auth', token: seller.token });
      socket.subscribe(['orders', 'depth.BTCUSDT']);
      await socket.until((frames) => frames.some((f) => f.channel === 'depth.BTCUSDT'), 'book');

      // Through node B, which does not run the engines: node A answers it.
      const sell = await place(b, seller, limit('sell', '97000', '0.01'));
      expect(sell.body.data).toMatchObject({ status: 'open' });
      // Through node A: it crosses the order placed through node B.
      const buy = await place(a, buyer, limit('buy', '97000', '0.004'));
      expect(buy.body.data).toMatchObject({ status: 'filled', filled_quantity: '0.00400' });
      // The seller, connected to node B, hears of the fill.
      await socket.until(
        () =>
          socket
            .on('orders')
            .some((frame) =>
              (frame.data as SpotOrder[]).some(
                (order) => order.id === sell.body.data.id && order.status === 'partially_filled',
              ),
            ),
        'the fill on node B',
      );
      const seen = await new ApiClient(b.url).get<{ list: SpotOrder[] }>(
        '/spot/orders',
        { status: 'current', symbol: 'BTCUSDT' },
        { token: seller.token },
      );
      expect(seen.body.data.list).toEqual([
        expect.objectContaining({ id: sell.body.data.id, filled_quantity: '0.00400' }),
      ]);
      // Valued at the index through node B too: the engines' node, which has the prices, answers.
      const valued = await new ApiClient(b.url).get<{
        balances: { asset: string; value_usdt: string | null }[];
      }>('/wallet/balances', {}, { token: seller.token });
      expect(valued.body.data.balances).toContainEqual(
        expect.objectContaining({ asset: 'BTC', value_usdt: expect.stringMatching(/^\d/) }),
      );
    });

    it('answers a door order sent through the node without the engines, and stores it once', async () => {
      // Made on node A, whose sealing key seals the API key's secret (these nodes share no
      // API_KEY_SEALING_KEY): node B hands a door call over before reading its key, as every
      // engine call, so node A checks the signature over the form body as it was sent.
      const { userId, key, token } = await doorTrader(a, { USDT: '1000' }, ['read', 'spot']);
      const order = () =>
        signedCall(b.url, key, 'POST', '/api/v3/order', {
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT',
          timeInForce: 'GTC',
          price: '90000',
          quantity: '0.001',
          newClientOrderId: 'through-node-b',
        });
      const first = await order();
      expect(first, JSON.stringify(first.body)).toMatchObject({
        status: 200,
        body: { symbol: 'BTCUSDT', clientOrderId: 'through-node-b', status: 'NEW' },
      });
      // A retry through the same node is answered with the same order.
      const again = await order();
      expect(again.body).toMatchObject({ orderId: first.body.orderId, status: 'NEW' });
      const { rows } = await sql<{ orders: number }>`
        select count(*)::int as orders from spot_orders where user_id = ${userId}`.execute(b.db);
      expect(rows[0]?.orders).toBe(1);

      // Deleted through node B: node A, which checked (and keeps) the key, refuses its next call.
      const deleted = await new ApiClient(b.url).post(
        '/security/api-keys/delete',
        { id: String(key.id) },
        { token },
      );
      expect(deleted.body.code).toBe(200);
      const refused = await order();
      expect(refused).toMatchObject({ status: 401, body: { code: -2015 } });
    });

    it("shows a socket on the other node the engines' book and trades, in one unbroken sequence", async () => {
      const socket = await SocketClient.connect(b.url);
      socket.subscribe(['depth.BTCUSDT', 'trades.BTCUSDT']);
      await socket.until(() => socket.on('depth.BTCUSDT').length > 0, 'the snapshot');
      const maker = await trader(a, { USDT: '10000' });
      const taker = await trader(a, { BTC: '1' });
      expect((await place(a, maker, limit('buy', '95000', '0.003'))).body.data.status).toBe('open');
      const held = () => foldDepth(socket.on('depth.BTCUSDT')).bids;
      await socket.until(() => held().has('95000'), 'the bid on node B');
      const sold = await place(a, taker, limit('sell', '95000', '0.001'));
      expect(sold.body.data.status).toBe('filled');
      await socket.until(
        () =>
          socket
            .on('trades.BTCUSDT')
            .some((frame) => (frame.data as unknown[][]).some((row) => Number(row[0]) === 95000)),
        'the trade on node B',
      );
      expect(socket.on('depth.BTCUSDT')[0]?.data).toMatchObject({ type: 'snapshot' });
      // Every difference followed the frame before it: nothing lost, nothing twice.
      expect(foldDepth(socket.on('depth.BTCUSDT')).diffs).toBeGreaterThan(0);
    });

    it("serves the door's market streams on the other node, each diff following the last", async () => {
      // Relayed from the engines' node like the app's channels: `U` continues the `u` before it.
      const stream = new DoorStream(b.url, '/stream?streams=btcusdt@depth/btcusdt@trade');
      try {
        await stream.opened;
        const maker = await trader(a, { USDT: '10000' });
        const taker = await trader(a, { BTC: '1' });
        expect((await place(a, maker, limit('buy', '94500', '0.003'))).body.data.status).toBe(
          'open',
        );
        expect((await place(a, taker, limit('sell', '94500', '0.001'))).body.data.status).toBe(
          'filled',
        );
        // Earlier cases left orders on the book: the sale takes the best bid, whichever it is. The
        // stream names it as the door's trades call on this node does.
        const trade = await stream.next((frame) => frame.stream === 'btcusdt@trade');
        expect(trade.data).toMatchObject({ e: 'trade', s: 'BTCUSDT', q: '0.00100000', m: true });
        const listed = await fetch(`${b.url}/api/v3/trades?symbol=BTCUSDT`);
        const trades: { id: number; price: string }[] = await listed.json();
        expect(trades).toContainEqual(
          expect.objectContaining({
            id: fieldOf(trade.data, 't'),
            price: fieldOf(trade.data, 'p'),
          }),
        );
        const diffs = stream.events
          .filter((frame) => frame.stream === 'btcusdt@depth')
          .map((frame) => ({ U: fieldOf(frame.data, 'U'), u: Number(fieldOf(frame.data, 'u')) }));
        expect(diffs.length).toBeGreaterThan(0);
        for (const [before, after] of diffs.slice(1).map((diff, at) => [diffs[at], diff])) {
          expect(after?.U).toBe(Number(before?.u) + 1);
        }
      } finally {
        stream.close();
      }
    });

    it('drops malformed messages on every subject it uses, and keeps serving', async () => {
      if (!natsUrl) throw new Error('needs NATS');
      const scope = await clusterScope(a.db);
      const stranger = await connect({ servers: natsUrl });
      try {
        const encoder = new TextEncoder();
        const garbage = ['{not json', '"text"', '{"userId":"x","channel":7}', '[1,2]', 'null'];
        for (const subject of [
          'private.frames',
          'sessions.revoked',
          'pub.interest',
          'pub.frame.depth.BTCUSDT',
        ]) {
          for (const bytes of garbage)
            stranger.publish(`${scope}.${subject}`, encoder.encode(bytes));
        }
        for (const subject of ['engine.http', 'pub.greet.engines']) {
          for (const bytes of garbage) {
            const answer = await stranger.request(`${scope}.${subject}`, encoder.encode(bytes), {
              timeout: 10_000,
            });
            expect(JSON.parse(new TextDecoder().decode(answer.data))).toEqual({
              failed: expect.stringMatching(/^malformed request/),
            });
          }
        }
        await stranger.flush();
      } finally {
        await stranger.close();
      }
      // Both nodes still answer: an order through the node without the engines is handed over.
      const seller = await trader(b, { BTC: '1' });
      const sell = await place(b, seller, limit('sell', '98000', '0.001'));
      expect(sell.body.data, JSON.stringify(sell.body)).toMatchObject({ status: 'open' });
      const socket = await SocketClient.connect(b.url);
      socket.subscribe(['depth.BTCUSDT']);
      await socket.until(() => socket.on('depth.BTCUSDT').length > 0, 'the snapshot on node B');
    });

    it('moves the engines to the other node when theirs stops, the book as it was', async () => {
      const seller = await trader(b, { BTC: '1' });
      const buyer = await trader(b, { USDT: '10000' });
      const resting = await place(b, seller, limit('sell', '96900', '0.01'));
      expect(resting.body.data?.status, JSON.stringify(resting.body)).toBe('open');
      await a.stop();
      nodes.splice(nodes.indexOf(a), 1);
      // Sent while node B takes the engines over: answered once it has.
      const buy = await place(b, buyer, limit('buy', '96900', '0.002'));
      expect(buy.body.data, JSON.stringify(buy.body)).toMatchObject({
        status: 'filled',
        avg_price: '96900.00',
      });
      const cluster = await callOperator<{ leases: { owner: string }[] }>(b, 'cluster', {});
      expect(cluster.body.data.leases).toEqual([expect.objectContaining({ owner: 'node-b' })]);
      expect((await callOperator(b, 'ledger/check', {})).body.data).toEqual({
        ok: true,
        problems: [],
      });
    });
  },
);

describe.skipIf(!postgres)(
  `a node whose engines lease was taken while it was paused${postgres ? '' : ' (skipped: no PostgreSQL answers)'}`,
  () => {
    it('writes nothing more: its next order is refused and nothing of it is stored', async () => {
      if (!postgres) return;
      // Its own database and a lease that it would not renew during the test on its own.
      const own = await createTestDatabase();
      if (!own) throw new Error('PostgreSQL stopped answering');
      const node = await startInProcessServer(
        systemClock,
        { ...env, NODE_ID: 'paused', LEASE_SECONDS: '300' },
        own.url,
      );
      try {
        const seller = await trader(node, { BTC: '1' });
        expect((await place(node, seller, limit('sell', '97000', '0.01'))).body.data).toMatchObject(
          {
            status: 'open',
          },
        );
        // Another node takes the engines over while this one is paused (it has not noticed yet).
        await sql`update leases set owner = 'elsewhere', epoch = epoch + 1
          where name = 'engines'`.execute(node.db);
        const refused = await placeOnce(node, seller, limit('sell', '97100', '0.01'));
        expect(refused.body.code).toBe(1208);
        const { rows } = await sql<{ orders: number }>`
          select count(*)::int as orders from spot_orders where user_id = ${seller.userId}`.execute(
          node.db,
        );
        expect(rows[0]?.orders).toBe(1);
      } finally {
        await node.stop();
        await own.drop();
      }
    });
  },
);
