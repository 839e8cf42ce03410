// The Binance-compatible door on the real app (docs/api-binance.md): ping and time, a signed call
// through a test endpoint bound with the door's router, every refusal of a key, a signature or a
// time in Binance's words, and the weights' 429 then 418. Each case calls from an address of its
// own (X-Forwarded-For, trusted from loopback), so the weights of one do not reach another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { BinanceRouter } from '../../server/binance/binance-router.ts';
import { signTotalParams } from '../../server/binance/signature.ts';
import type { Db } from '../../server/db/database.ts';
import { loadApiKeyCipher } from '../../server/security/api-key-cipher.ts';
import {
  type ApiKeyScope,
  type CreatedApiKey,
  insertApiKey,
} from '../../server/security/api-key-store.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient, randomClientAddress } from '../support/api-client.ts';
import { signedCall, signedParams } from '../support/door-signed-call.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';

const clock = new ManualClock();
const weightPerMinute = 40;
let server: InProcessServer | undefined;
let url = '';
let dataDir = '';
let db: Db;
let userId = 0;
let token = '';

/** What the test endpoints saw: a refused call must never reach them. */
const reached: string[] = [];

function bindTestEndpoints(router: BinanceRouter): void {
  router.add(
    {
      method: 'POST',
      path: '/api/v3/doorTest',
      weight: 1,
      security: 'TRADE',
      scope: 'spot',
      kind: 'order',
      params: z.object({ symbol: z.string().min(1), quantity: z.string().regex(/^\d+$/) }),
    },
    async ({ params, userId: caller, apiKey }) => {
      reached.push(params.symbol);
      return { userId: caller, keyId: apiKey.id, ...params };
    },
  );
  router.add(
    {
      method: 'GET',
      path: '/fapi/v1/doorTest',
      weight: 5,
      security: 'USER_DATA',
      scope: 'read',
      params: z.object({}),
    },
    async ({ userId: caller }) => ({ userId: caller }),
  );
  const deepParams = z.object({ depth: z.enum(['shallow', 'deep']) });
  router.add(
    {
      method: 'GET',
      path: '/api/v3/doorDeep',
      weight: 2,
      weightOf: ({ depth }: z.output<typeof deepParams>) => (depth === 'deep' ? 30 : 2),
      security: 'NONE',
      params: deepParams,
    },
    async ({ params }) => {
      reached.push(params.depth);
      return {};
    },
  );
}

beforeAll(async () => {
  server = await startInProcessServer(
    clock,
    { BINANCE_WEIGHT_PER_MINUTE: String(weightPerMinute) },
    undefined,
    { binanceEndpoints: bindTestEndpoints },
  );
  ({ url, dataDir, db } = server);
  ({ userId, token } = await registerUser(new ApiClient(url), dataDir));
});

afterAll(async () => {
  await server?.stop();
});

async function newKey(
  scopes: readonly ApiKeyScope[] = ['read', 'spot'],
  ipAllowlist: readonly string[] = [],
): Promise<CreatedApiKey> {
  const cipher = await loadApiKeyCipher({ dataDir, apiKeySealingKey: undefined });
  return insertApiKey(db, cipher, { userId, label: 'bot', scopes, ipAllowlist });
}

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

interface Call {
  method?: 'GET' | 'POST';
  query?: string;
  body?: string;
  apiKey?: string | undefined;
  from?: string;
}

async function call(pathname: string, options: Call = {}): Promise<Answer> {
  const response = await fetch(`${url}${pathname}${options.query ? `?${options.query}` : ''}`, {
    method: options.method ?? 'GET',
    headers: {
      'x-forwarded-for': options.from ?? randomClientAddress(),
      ...(options.apiKey ? { 'x-mbx-apikey': options.apiKey } : {}),
      ...(options.body === undefined
        ? {}
        : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(options.body === undefined ? {} : { body: options.body }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/** A signed order on the test endpoint, every parameter in the body as ccxt sends a POST. */
function signedOrder(key: CreatedApiKey, extra: { timestamp?: number; secret?: string } = {}) {
  const params = { symbol: 'BTCUSDT', quantity: '3', recvWindow: '5000' };
  const timestamp = extra.timestamp ?? clock.now().getTime();
  return {
    method: 'POST' as const,
    body: signedParams(extra.secret ?? key.secret, params, timestamp),
    apiKey: key.apiKey,
  };
}

const refusal = (code: number, msg?: string) => ({
  code,
  msg: msg === undefined ? expect.any(String) : msg,
});

describe('general endpoints', () => {
  it.each(['/api/v3', '/fapi/v1'])(
    '%s/ping and /time answer plain JSON with the weight used',
    async (prefix) => {
      const from = randomClientAddress();
      const ping = await call(`${prefix}/ping`, { from });
      expect(ping).toMatchObject({ status: 200, body: {} });
      expect(ping.headers.get('x-mbx-used-weight-1m')).toBe('1');
      const time = await call(`${prefix}/time`, { from });
      expect(time.body).toEqual({ serverTime: clock.now().getTime() });
      expect(time.headers.get('x-mbx-used-weight-1m')).toBe('2');
      expect(time.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('answers a path it does not serve in its own words, not the app envelope', async () => {
    const unknown = await call('/api/v3/nothingHere');
    expect(unknown).toMatchObject({ status: 404, body: refusal(-1020) });
    expect(unknown.headers.get('x-mbx-used-weight-1m')).toBe('1');
    expect(unknown.body).not.toHaveProperty('data');
    const wrongMethod = await call('/api/v3/ping', { method: 'POST', body: '' });
    expect(wrongMethod).toMatchObject({ status: 405, body: refusal(-1020) });
  });

  it("leaves the app's own calls as they were", async () => {
    const response = await fetch(`${url}/api/nothing-here`);
    expect(((await response.json()) as { data?: unknown }).data).toBeNull();
  });
});

describe('signed requests', () => {
  it('pass with a live key, a good signature and a timestamp in the window', async () => {
    const key = await newKey();
    const answer = await call('/api/v3/doorTest', signedOrder(key));
    expect(answer).toMatchObject({
      status: 200,
      body: { userId, keyId: key.id, symbol: 'BTCUSDT', quantity: '3' },
    });
  });

  it('pass with the parameters split between the query string and the body', async () => {
    const key = await newKey();
    const query = 'symbol=ETHUSDT';
    const body = `quantity=2&timestamp=${clock.now().getTime()}`;
    const signature = signTotalParams(key.secret, query + body);
    const answer = await call('/api/v3/doorTest', {
      method: 'POST',
      query,
      body: `${body}&signature=${signature}`,
      apiKey: key.apiKey,
    });
    expect(answer).toMatchObject({ status: 200, body: { symbol: 'ETHUSDT', quantity: '2' } });
  });

  it('refuse a wrong signature with -1022, reaching nothing', async () => {
    const key = await newKey();
    const before = reached.length;
    const answer = await call('/api/v3/doorTest', signedOrder(key, { secret: 'x'.repeat(64) }));
    expect(answer).toMatchObject({
      status: 400,
      body: refusal(-1022, 'Signature for this request is not valid.'),
    });
    expect(reached.length).toBe(before);
  });

  it('refuse a timestamp outside the window with -1021', async () => {
    const key = await newKey();
    const stale = await call(
      '/api/v3/doorTest',
      signedOrder(key, { timestamp: clock.now().getTime() - 5_001 }),
    );
    expect(stale).toMatchObject({
      status: 400,
      body: refusal(-1021, 'Timestamp for this request is outside of the recvWindow.'),
    });
    const ahead = await call(
      '/api/v3/doorTest',
      signedOrder(key, { timestamp: clock.now().getTime() + 1_000 }),
    );
    expect(ahead).toMatchObject({ status: 400, body: refusal(-1021) });
  });

  it('refuse a missing or malformed key with -2014 and an unknown one with -2015', async () => {
    const key = await newKey();
    const order = signedOrder(key);
    const missing = await call('/api/v3/doorTest', { ...order, apiKey: undefined });
    expect(missing).toMatchObject({ status: 401, body: refusal(-2014, 'API-key format invalid.') });
    const malformed = await call('/api/v3/doorTest', { ...order, apiKey: 'not-a-key' });
    expect(malformed).toMatchObject({ status: 401, body: refusal(-2014) });
    const unknown = await call('/api/v3/doorTest', { ...order, apiKey: 'A'.repeat(64) });
    expect(unknown).toMatchObject({
      status: 401,
      body: refusal(-2015, 'Invalid API-key, IP, or permissions for action.'),
    });
  });

  it('refuse a key without the scope with -2015', async () => {
    const readOnly = await newKey(['read']);
    const answer = await call('/api/v3/doorTest', signedOrder(readOnly));
    expect(answer).toMatchObject({ status: 401, body: refusal(-2015) });
    const read = await call('/fapi/v1/doorTest', {
      query: signedParams(readOnly.secret, {}, clock.now().getTime()),
      apiKey: readOnly.apiKey,
    });
    expect(read).toMatchObject({ status: 200, body: { userId } });
    expect(read.headers.get('x-mbx-used-weight-1m')).toBe('5');
  });

  it('refuse an address off the allowlist with -2015, and take one on it', async () => {
    const listed = await newKey(['spot'], ['198.51.100.0/24']);
    const outside = await call('/api/v3/doorTest', { ...signedOrder(listed), from: '203.0.113.9' });
    expect(outside).toMatchObject({ status: 401, body: refusal(-2015) });
    const inside = await call('/api/v3/doorTest', { ...signedOrder(listed), from: '198.51.100.7' });
    expect(inside.status).toBe(200);
  });

  it('refuse a deleted key with -2015 at once', async () => {
    const key = await newKey();
    expect((await call('/api/v3/doorTest', signedOrder(key))).status).toBe(200);
    // Through the security center's call, as its owner deletes it: the door had it in memory.
    const deleted = await new ApiClient(url).post(
      '/security/api-keys/delete',
      { id: String(key.id) },
      { token },
    );
    expect(deleted.body.code).toBe(200);
    const answer = await call('/api/v3/doorTest', signedOrder(key));
    expect(answer).toMatchObject({ status: 401, body: refusal(-2015) });
  });

  it('refuse a missing parameter with -1102 and a bad one with -1100, after the checks', async () => {
    const key = await newKey();
    const timestamp = clock.now().getTime();
    const order = (params: Record<string, string>) =>
      signedCall(url, key, 'POST', '/api/v3/doorTest', params, { timestamp });
    const missing = await order({ quantity: '1' });
    expect(missing).toMatchObject({
      status: 400,
      body: refusal(
        -1102,
        "Mandatory parameter 'symbol' was not sent, was empty/null, or malformed.",
      ),
    });
    const bad = await order({ symbol: 'BTCUSDT', quantity: '1.5' });
    expect(bad).toMatchObject({ status: 400, body: refusal(-1100) });
  });
});

describe('withdrawals', () => {
  it('have no door: a signed withdrawal, or the key as a session, moves nothing', async () => {
    const key = await newKey(['read', 'spot']);
    // Binance's withdrawal path: the door serves nothing under `/sapi`.
    const sapi = await signedCall(
      url,
      key,
      'POST',
      '/sapi/v1/capital/withdraw/apply',
      { coin: 'USDT', network: 'TRX', address: 'TXYZ', amount: '10' },
      { timestamp: clock.now().getTime() },
    );
    expect(sapi.status).toBe(404);
    // The app's own withdrawal call takes a session, never an API key or its secret.
    for (const token of [key.apiKey, key.secret]) {
      const app = await new ApiClient(url).post(
        '/wallet/withdraw',
        { asset: 'USDT', chain: 'TRC20', address: 'TXYZ', amount: '10', trade_password: 'x' },
        { token, headers: { 'idempotency-key': crypto.randomUUID() } },
      );
      expect(app.body.code).not.toBe(200);
    }
    const rows = await db
      .selectFrom('withdrawals')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('bodies the door cannot read', () => {
  it('are refused in its words with their 4XX, not the app envelope', async () => {
    const response = await fetch(`${url}/api/v3/doorTest`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-forwarded-for': randomClientAddress() },
      body: 'symbol=BTCUSDT',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(refusal(-1100));
    const large = await call('/api/v3/doorTest', {
      method: 'POST',
      body: `a=${'x'.repeat(70_000)}`,
    });
    expect(large).toMatchObject({ status: 413, body: refusal(-1100) });
  });
});

describe('request weights', () => {
  it('weigh a call by its parameters where the endpoint says so, refusing what does not fit', async () => {
    const from = randomClientAddress();
    const shallow = await call('/api/v3/doorDeep', { from, query: 'depth=shallow' });
    expect(shallow.headers.get('x-mbx-used-weight-1m')).toBe('2');
    const deep = await call('/api/v3/doorDeep', { from, query: 'depth=deep' });
    expect(deep.headers.get('x-mbx-used-weight-1m')).toBe('32');
    reached.length = 0;
    // 8 left of 40: the least weight fits, the rest does not, and the call goes no further.
    const over = await call('/api/v3/doorDeep', { from, query: 'depth=deep' });
    expect(over).toMatchObject({ status: 429, body: refusal(-1003) });
    expect(reached).toEqual([]);
    expect((await call('/api/v3/doorDeep', { from, query: 'depth=shallow' })).status).toBe(200);
  });

  it('answer 429 with Retry-After past the limit, then 418 to an address that keeps calling', async () => {
    const from = randomClientAddress();
    for (let i = 0; i < weightPerMinute; i += 1) {
      expect((await call('/api/v3/ping', { from })).status).toBe(200);
    }
    const over = await call('/api/v3/ping', { from });
    expect(over).toMatchObject({ status: 429, body: refusal(-1003) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.headers.get('x-mbx-used-weight-1m')).toBe(String(weightPerMinute));
    let answer = over;
    for (let i = 0; i < 10 && answer.status === 429; i += 1) {
      answer = await call('/api/v3/ping', { from });
    }
    expect(answer).toMatchObject({ status: 418, body: refusal(-1003) });
    expect(Number(answer.headers.get('retry-after'))).toBe(120);
    // Another address is not touched; the banned one is free once the ban is over.
    expect((await call('/api/v3/ping')).status).toBe(200);
    clock.advance(120_000);
    expect((await call('/api/v3/ping', { from })).status).toBe(200);
  });

  it("are not counted by the app's own rate limit, nor count against it", async () => {
    const response = await fetch(`${url}/api/v3/ping`);
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });
});
