// Three server processes on one PostgreSQL database and NATS, as an operator runs them behind a
// load balancer: node A runs the engines, B and C answer calls and sockets. An order placed through
// A fills against one resting that was placed through B; a socket on C sees the trade and every
// depth difference in one unbroken sequence; the resting order's owner, connected to C, hears of
// the fill. Runs where PostgreSQL and NATS answer (skipped with a message otherwise).
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { foldDepth } from '../support/depth-book.ts';
import { expectOk } from '../support/expectations.ts';
import { natsAnswers, testNatsUrl } from '../support/nats.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';
import { SocketClient } from '../support/socket-client.ts';

const natsUrl = await natsAnswers();
const postgres = natsUrl ? await createTestDatabase() : undefined;
const missing = !natsUrl ? `NATS at ${testNatsUrl}` : !postgres ? 'PostgreSQL' : undefined;
afterAll(async () => {
  for (const socket of SocketClient.open) socket.close();
  await postgres?.drop();
});

const nodeEnv = (id: string): Record<string, string> => ({
  DATABASE_URL: postgres?.url ?? '',
  NATS_URL: natsUrl ?? '',
  NODE_ID: id,
  LIQUIDITY_PROVIDER: 'false',
  CONTRACT_TRADING: 'false',
  OPTION_TRADING: 'false',
  MARKETS: 'BTC',
});

async function fundedTrader(node: ServerProcess, asset: string, amount: string) {
  const trader = await registerUser(new ApiClient(node.url), node.dataDir);
  const deposit = await callOperator(node, 'deposit', {
    account: trader.account,
    asset,
    amount,
    chain: asset === 'USDT' ? 'TRC20' : 'BTC',
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
  return trader;
}

const place = (node: ServerProcess, token: string, side: 'buy' | 'sell', price: string) =>
  new ApiClient(node.url).post<SpotOrder>(
    '/spot/order',
    { symbol: 'BTCUSDT', side, type: 'limit', price, quantity: '0.01' },
    { token, headers: { 'idempotency-key': randomUUID() } },
  );

describe.skipIf(missing !== undefined)(
  `three nodes${missing ? ` (skipped: no ${missing} answers)` : ''}`,
  () => {
    it('fills through A against B, and C shows the trade, the book and the owner the fill', async () => {
      const a = await startServerProcess(nodeEnv('node-a'));
      const b = await startServerProcess(nodeEnv('node-b'), { until: 'listening' });
      const c = await startServerProcess(nodeEnv('node-c'), { until: 'listening' });
      const seller = await fundedTrader(b, 'BTC', '1');
      const buyer = await fundedTrader(a, 'USDT', '10000');

      const market = await SocketClient.connect(c.url);
      market.subscribe(['depth.BTCUSDT', 'trades.BTCUSDT']);
      await market.until(() => market.on('depth.BTCUSDT').length > 0, 'the snapshot on C');
      const own = await SocketClient.connect(c.url);
      own.send({ op: 'auth', token: seller.token });
      // Answered in order: once the book is in, the `orders` subscription before it is too.
      own.subscribe(['orders', 'depth.BTCUSDT']);
      await own.until(() => own.on('depth.BTCUSDT').length > 0, "the seller's book on C");

      const resting = await place(b, seller.token, 'sell', '98000');
      expectOk(resting);
      expect(resting.body.data.status).toBe('open');
      const book = () => foldDepth(market.on('depth.BTCUSDT'));
      await market.until(() => book().asks.get('98000') === '0.01000', 'the ask on C');

      const taking = await place(a, buyer.token, 'buy', '98000');
      expectOk(taking);
      expect(taking.body.data).toMatchObject({ status: 'filled', filled_quantity: '0.01000' });
      await market.until(
        () =>
          market
            .on('trades.BTCUSDT')
            .some((frame) =>
              (frame.data as unknown[][]).some(
                (row) => Number(row[0]) === 98000 && Number(row[1]) === 0.01,
              ),
            ),
        'the trade on C',
      );
      await market.until(() => !book().asks.has('98000'), 'the ask gone on C');
      // A snapshot, then only differences, each following the one before.
      expect(market.on('depth.BTCUSDT')[0]?.data).toMatchObject({ type: 'snapshot' });
      expect(book().diffs).toBeGreaterThanOrEqual(2);

      await own.until(
        () =>
          own
            .on('orders')
            .some((frame) =>
              (frame.data as SpotOrder[]).some(
                (order) => order.id === resting.body.data.id && order.status === 'filled',
              ),
            ),
        "the fill in the seller's orders on C",
      );
      for (const node of [c, b, a]) await node.stop();
    }, 300_000);
  },
);
