// No cache along the way (a proxy, the browser's disk, a shared device) keeps an answer that holds
// a token or someone's data: every answer of the API and the operator API says `no-store`, except
// the public reads of market data and content, which say `no-cache` (kept, but asked again
// before reuse).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/clock.ts';
import { readOpsToken } from '../../server/ops/ops-token.ts';
import { goodPassword, lastCodeFor, newEmail } from '../support/accounts.ts';
import { randomClientAddress } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';

let server: InProcessServer;
const address = randomClientAddress();

beforeAll(async () => {
  server = await startInProcessServer(systemClock);
});
afterAll(() => server?.stop());

interface Answer {
  status: number;
  cacheControl: string | null;
  body: { code?: number; data?: unknown };
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  options: {
    form?: Record<string, string>;
    json?: object;
    token?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'x-forwarded-for': address,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.form ? { body: new URLSearchParams(options.form) } : {}),
    ...(options.json ? { body: JSON.stringify(options.json) } : {}),
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as Answer['body'],
  };
}

describe('answers with a token or personal data', () => {
  let token = '';
  const email = newEmail();

  it('say no-store when registering', async () => {
    const sent = await call('GET', `/api/register/sendemail?email=${encodeURIComponent(email)}`);
    expect(sent).toMatchObject({ body: { code: 200 }, cacheControl: 'no-store' });
    const code = await lastCodeFor(server.dataDir, email);
    const registered = await call('POST', '/api/register/index', {
      form: { email, password: goodPassword, repassword: goodPassword, code },
    });
    expect(registered.body.code).toBe(200);
    expect(registered.cacheControl).toBe('no-store');
  });

  it('say no-store when logging in, and when login is refused', async () => {
    const login = await call('POST', '/api/login/index', {
      form: { account: email, password: goodPassword },
    });
    expect(login.body.code).toBe(200);
    expect(login.cacheControl).toBe('no-store');
    token = (login.body.data as { token: string }).token;
    expect(token).not.toBe('');

    const refused = await call('POST', '/api/login/index', {
      form: { account: email, password: 'Wrong1234' },
    });
    expect(refused.body.code).not.toBe(200);
    expect(refused.cacheControl).toBe('no-store');
  });

  it.each([
    ['/api/security/index'],
    ['/api/wallet/balances'],
    ['/api/wallet/records'],
    ['/api/spot/orders?status=current'],
    ['/api/support/messages'],
  ])('say no-store on %s with a session', async (path) => {
    const answer = await call('GET', path, { token });
    expect(answer.body.code).toBe(200);
    expect(answer.cacheControl).toBe('no-store');
  });

  it('say no-store on refusals: no session, an unknown path, a wrong method', async () => {
    for (const answer of [
      await call('GET', '/api/security/index'),
      await call('GET', '/api/no/such/call'),
      await call('GET', '/api/login/index'),
    ]) {
      expect(answer.body.code).not.toBe(200);
      expect(answer.cacheControl).toBe('no-store');
    }
  });

  it('say no-store when logging out', async () => {
    const logout = await call('POST', '/api/login/logout', { token });
    expect(logout.body.code).toBe(200);
    expect(logout.cacheControl).toBe('no-store');
  });

  it('say no-store on the operator API, allowed or not', async () => {
    const allowed = await call('POST', '/ops/commands', {
      json: {},
      headers: { 'x-ops-token': await readOpsToken(server.dataDir) },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.cacheControl).toBe('no-store');
    const forbidden = await call('POST', '/ops/commands', { json: {} });
    expect(forbidden.status).toBe(403);
    expect(forbidden.cacheControl).toBe('no-store');
  });
});

describe('public reads', () => {
  it.each([
    ['/api/market/depth?symbol=BTCUSDT'],
    ['/api/market/exchange'],
    ['/api/market/kline?symbol=BTCUSDT&period=1m'],
    ['/api/article/index'],
    ['/api/index/index'],
    ['/api/index/logo'],
    ['/api/wallet/assets'],
    ['/api/spot/markets'],
  ])('say no-cache on %s: nothing personal, but never reused unchecked', async (path) => {
    const answer = await call('GET', path);
    expect(answer.body.code).toBe(200);
    expect(answer.cacheControl).toBe('no-cache');
  });
});
