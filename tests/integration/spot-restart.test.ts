// Durability of spot trading: a server process is killed with SIGKILL while 32 clients' orders are
// in flight against the liquidity provider, so the market's writer is almost always committing a
// batch when the kill lands. After a restart on the same database every order that was
// acknowledged is there exactly once, a retry of each unanswered request with its idempotency key
// settles it once (so nothing of an unanswered batch was half written), balances equal what the
// orders did, the book holds the open orders again, and the ledger check passes. Runs on the
// embedded database and, when one answers, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { SpotOrder } from '../../schemas/api/spot.schema.ts';
import { registerUser } from '../support/accounts.ts';
import { type Answer, ApiClient } from '../support/api-client.ts';
import { expectOk } from '../support/expectations.ts';
import { callOperator } from '../support/operator-api.ts';
import { createTestDatabase } from '../support/postgres.ts';
import { seededRandom } from '../support/seeded-random.ts';
import { type ServerProcess, startServerProcess } from '../support/server-process.ts';

const postgres = await createTestDatabase();
const symbol = 'BTCUSDT';
const deposit = '50000';
const clients = 32;

interface Sent {
  key: string;
  body: Record<string, string>;
  path: '/spot/order' | '/spot/cancel';
  answer?: Answer<SpotOrder>;
}

describe.each([
  ['the embedded database', undefined],
  ['PostgreSQL', postgres],
] as const)('spot orders across a crash, on %s', (name, database) => {
  it.skipIf(name === 'PostgreSQL' && !database)(
    'keeps every acknowledged order exactly once, and balances as the orders left them',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-spot-crash-'));
      const settings = database ? { DATABASE_URL: database.url } : {};
      let server: ServerProcess | undefined;
      try {
        server = await startServerProcess(settings, { dataDir });
        const user = await registerUser(new ApiClient(server.url), dataDir);
        await operator(server, 'deposit', {
          account: user.account,
          asset: 'USDT',
          amount: deposit,
        });
        const api = new ApiClient(server.url);
        const mid = await midPrice(api);
        const next = seededRandom(20261123);
        const sent: Sent[] = [];
        const send = (item: Sent, through: ApiClient) =>
          through.post<SpotOrder>(item.path, item.body, {
            token: user.token,
            headers: { 'idempotency-key': item.key },
          });

        // 32 requests in flight at a time; the kill lands after a random number of answers.
        const killAfter = 2 * clients + Math.floor(next() * 2 * clients);
        let answered = 0;
        const open: number[] = [];
        const worker = async () => {
          while (answered < killAfter) {
            const item = nextCommand(next, mid, open);
            sent.push(item);
            const answer = await send(item, api).catch(() => undefined);
            if (!answer) return;
            item.answer = answer;
            answered++;
            if (answer.body.code === 200 && answer.body.data.status === 'open') {
              open.push(answer.body.data.id);
            }
          }
        };
        const workers = Array.from({ length: clients }, worker);
        await waitUntil(() => answered >= killAfter);
        await server.kill();
        await Promise.all(workers);

        server = await startServerProcess(settings, { dataDir });
        const again = new ApiClient(server.url);
        const acknowledged = sent.filter((item) => item.answer?.body.code === 200);
        expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter / 2);
        const ids = (await allOrders(again, user.token)).map((order) => order.id);
        expect(new Set(ids).size, 'no order twice').toBe(ids.length);
        for (const item of acknowledged.filter((i) => i.path === '/spot/order')) {
          expect(ids).toContain(item.answer?.body.data.id);
        }

        // A retry of anything unanswered settles it once, with the same answer if it had run.
        for (const item of sent.filter((i) => i.answer === undefined)) {
          item.answer = await send(item, again);
          // A market order may meet a book the provider has not quoted yet after the restart.
          expect([200, 1100, 1204, 1205, 1207]).toContain(item.answer.body.code);
          // An accepted request is kept under its key; a refusal is not, and may be tried again.
          if (item.answer.body.code !== 200) continue;
          const twice = await send(item, again);
          expect(twice.body).toEqual(item.answer.body);
        }
        const after = await allOrders(again, user.token);
        const placedIds = sent
          .filter((i) => i.path === '/spot/order' && i.answer?.body.code === 200)
          .map((i) => i.answer?.body.data.id);
        expect(after.map((o) => o.id).sort()).toEqual(placedIds.sort());

        expect(await balances(again, user.token)).toEqual(expectedBalances(after));
        await expectBookHolds(again, user.token);
        const check = await operator(server, 'ledger/check', {});
        expect(check).toEqual({ ok: true, problems: [] });
      } finally {
        await server?.stop();
        await rm(dataDir, { recursive: true, force: true });
        if (name === 'PostgreSQL') await database?.drop();
      }
    },
    240_000,
  );
});

/** Limit buys resting below the market, market buys and sells against the provider, cancels. */
function nextCommand(next: () => number, mid: bigint, open: number[]): Sent {
  const roll = next();
  const key = randomUUID();
  if (roll < 0.2 && open.length > 0) {
    const [id] = open.splice(Math.floor(next() * open.length), 1);
    return { key, path: '/spot/cancel', body: { order_id: String(id) } };
  }
  if (roll < 0.6) {
    // About half the market: rests, and holds price × quantity, however far the simulated price
    // moves across the restart (the liquidity provider's asks never come down to it).
    const cent = 10n ** 6n;
    const price = ((mid * BigInt(50 + Math.floor(next() * 5))) / 100n / cent) * cent;
    return {
      key,
      path: '/spot/order',
      body: { symbol, side: 'buy', type: 'limit', price: displayAmount(price), quantity: '0.001' },
    };
  }
  if (roll < 0.85) {
    return {
      key,
      path: '/spot/order',
      body: { symbol, side: 'buy', type: 'market', turnover: '20' },
    };
  }
  return {
    key,
    path: '/spot/order',
    body: { symbol, side: 'sell', type: 'market', quantity: '0.0001' },
  };
}

async function operator(server: ServerProcess, route: string, body: object) {
  const answer = await callOperator(server, route, body);
  expect(answer.body.ok).toBe(true);
  return answer.body.data;
}

/** The middle of the provider's quotes, in atoms, once it quotes. */
async function midPrice(api: ApiClient): Promise<bigint> {
  for (;;) {
    const depth = await api.get<{ bids: [string, string][]; asks: [string, string][] }>(
      '/market/depth',
      { symbol },
    );
    const [bid, ask] = [depth.body.data.bids[0]?.[0], depth.body.data.asks[0]?.[0]];
    if (bid && ask) return ((parseAmount(bid) ?? 0n) + (parseAmount(ask) ?? 0n)) / 2n;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
}

async function allOrders(api: ApiClient, token: string): Promise<SpotOrder[]> {
  const orders: SpotOrder[] = [];
  for (const status of ['current', 'history'] as const) {
    for (let page = 1; ; page++) {
      const answer = await api.get<{ list: SpotOrder[]; total: number }>(
        '/spot/orders',
        { status, page: String(page), size: '50' },
        { token },
      );
      expectOk(answer);
      orders.push(...answer.body.data.list);
      if (page * 50 >= answer.body.data.total) break;
    }
  }
  return orders;
}

async function balances(api: ApiClient, token: string) {
  const answer = await api.get<{
    balances: { wallet: string; asset: string; available: string; frozen: string }[];
  }>('/wallet/balances', {}, { token });
  const of = (asset: string) =>
    answer.body.data.balances.find((b) => b.wallet === 'funding' && b.asset === asset);
  return {
    USDT: `${of('USDT')?.available ?? '0'}/${of('USDT')?.frozen ?? '0'}`,
    BTC: `${of('BTC')?.available ?? '0'}/${of('BTC')?.frozen ?? '0'}`,
  };
}

/** What the deposit and the orders' fills and reservations leave in each balance. */
function expectedBalances(orders: SpotOrder[]) {
  const atoms = (text: string | null) => parseAmount(text ?? '0') ?? 0n;
  let usdt = atoms(deposit);
  let usdtFrozen = 0n;
  let btc = 0n;
  for (const order of orders) {
    if (order.side === 'buy') {
      usdt -= atoms(order.filled_quote);
      btc += atoms(order.filled_quantity) - atoms(order.fee);
    } else {
      usdt += atoms(order.filled_quote) - atoms(order.fee);
      btc -= atoms(order.filled_quantity);
    }
    if (order.status === 'open' || order.status === 'partially_filled') {
      const remaining = atoms(order.quantity) - atoms(order.filled_quantity);
      usdtFrozen += (atoms(order.price) * remaining) / 10n ** 8n;
    }
  }
  return {
    USDT: `${displayAmount(usdt - usdtFrozen)}/${displayAmount(usdtFrozen)}`,
    BTC: `${displayAmount(btc)}/0`,
  };
}

/**
 * Each resting order's level in the public book holds at least what the order still offers. The
 * public book is the published one: it takes the live book's changes at the market's next
 * publication, so an order placed just before is in it a tick later, and the check is repeated
 * until it holds. Each time the book is read first: the liquidity provider quotes again after the
 * restart and may fill a bid, so an order still resting after the book was read was resting when
 * it was read, with at least what it has left now.
 */
async function expectBookHolds(api: ApiClient, token: string): Promise<void> {
  await vi.waitFor(() => checkBookHolds(api, token), { timeout: 60_000, interval: 250 });
}

async function checkBookHolds(api: ApiClient, token: string): Promise<void> {
  const depth = await api.get<{ bids: [string, string][] }>('/market/depth', {
    symbol,
    limit: '100',
  });
  const open = (await allOrders(api, token)).filter(
    (o) => o.status === 'open' || o.status === 'partially_filled',
  );
  const bids = depth.body.data.bids;
  const levels = new Map(bids);
  // A full answer shows only the best 100 levels: orders below its last level are not in view.
  const atoms = (text: string | null | undefined) => parseAmount(text ?? '0') ?? 0n;
  const lowest = bids.length === 100 ? atoms(bids.at(-1)?.[0]) : 0n;
  for (const order of open) {
    if (atoms(order.price) < lowest) continue;
    const level = levels.get(order.price ?? '');
    expect(level, `the bid at ${order.price}`).toBeDefined();
    expect(parseAmount(level ?? '0') ?? 0n).toBeGreaterThanOrEqual(
      (parseAmount(order.quantity ?? '0') ?? 0n) - (parseAmount(order.filled_quantity) ?? 0n),
    );
  }
}
