// The keyed request's checks, in order, with a key resolved from a table in memory: format, key,
// allowlist, scope, time window, signature.
import { describe, expect, it } from 'vitest';
import { BinanceError } from '../../server/binance/errors.ts';
import { ipAllowed } from '../../server/binance/ip-allowlist.ts';
import { readRequestParams } from '../../server/binance/request-params.ts';
import { signTotalParams } from '../../server/binance/signature.ts';
import {
  checkKeyedRequest,
  checkTimestamp,
  type DoorKey,
  type KeyedRequest,
} from '../../server/binance/signed-request.ts';

const now = 1_700_000_000_000;
const key: DoorKey = {
  id: 7,
  userId: 42,
  apiKey: 'k'.repeat(64),
  secret: 's'.repeat(64),
  scopes: new Set(['read', 'spot']),
  ipAllowlist: [],
};

function request(overrides: Partial<KeyedRequest> & { query?: string } = {}): KeyedRequest {
  const query = overrides.query ?? `symbol=BTCUSDT&timestamp=${now - 100}`;
  const signed = `${query}&signature=${signTotalParams(key.secret, query)}`;
  const read = readRequestParams(signed, '');
  if (!('params' in read)) throw new Error('unreadable');
  return {
    apiKeyHeader: key.apiKey,
    ip: '203.0.113.5',
    read,
    security: 'TRADE',
    scope: 'spot',
    now,
    ...overrides,
  };
}

const resolveFrom =
  (...keys: DoorKey[]) =>
  async (apiKey: string) =>
    keys.find((candidate) => candidate.apiKey === apiKey) ?? null;

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof BinanceError) return error.code;
    throw error;
  }
}

describe('checkKeyedRequest', () => {
  it('passes a well signed request in time, answering the key', async () => {
    await expect(checkKeyedRequest(request(), resolveFrom(key))).resolves.toBe(key);
  });

  it('refuses a missing or malformed key with -2014, an unknown one with -2015', async () => {
    expect(
      await codeOf(checkKeyedRequest(request({ apiKeyHeader: undefined }), resolveFrom(key))),
    ).toBe(-2014);
    expect(
      await codeOf(checkKeyedRequest(request({ apiKeyHeader: 'short' }), resolveFrom(key))),
    ).toBe(-2014);
    expect(
      await codeOf(checkKeyedRequest(request({ apiKeyHeader: ['a', 'b'] }), resolveFrom(key))),
    ).toBe(-2014);
    expect(await codeOf(checkKeyedRequest(request(), resolveFrom()))).toBe(-2015);
  });

  it('refuses an address off the allowlist and a missing scope with -2015', async () => {
    const listed = { ...key, ipAllowlist: ['198.51.100.0/24'] };
    expect(await codeOf(checkKeyedRequest(request(), resolveFrom(listed)))).toBe(-2015);
    expect(
      await codeOf(checkKeyedRequest(request({ ip: '198.51.100.9' }), resolveFrom(listed))),
    ).toBe(0);
    expect(await codeOf(checkKeyedRequest(request({ scope: 'futures' }), resolveFrom(key)))).toBe(
      -2015,
    );
  });

  it('refuses a stale or future timestamp with -1021, a missing one with -1102', async () => {
    const stale = request({ query: `timestamp=${now - 5_001}` });
    expect(await codeOf(checkKeyedRequest(stale, resolveFrom(key)))).toBe(-1021);
    const ahead = request({ query: `timestamp=${now + 1_000}` });
    expect(await codeOf(checkKeyedRequest(ahead, resolveFrom(key)))).toBe(-1021);
    const none = request({ query: 'symbol=BTCUSDT' });
    expect(await codeOf(checkKeyedRequest(none, resolveFrom(key)))).toBe(-1102);
  });

  it('refuses a wrong or missing signature with -1022 and -1102', async () => {
    const good = request();
    const tampered = { ...good, read: { ...good.read, totalParams: `${good.read.totalParams}x` } };
    expect(await codeOf(checkKeyedRequest(tampered, resolveFrom(key)))).toBe(-1022);
    const unsigned = { ...good, read: { ...good.read, signature: undefined } };
    expect(await codeOf(checkKeyedRequest(unsigned, resolveFrom(key)))).toBe(-1102);
  });

  it('asks a user stream call for its key alone', async () => {
    const unsigned = request({ security: 'USER_STREAM', scope: 'read' });
    const bare = { ...unsigned, read: { params: {}, signature: undefined, totalParams: '' } };
    await expect(checkKeyedRequest(bare, resolveFrom(key))).resolves.toBe(key);
  });
});

describe('checkTimestamp', () => {
  it('accepts the window Binance accepts', () => {
    expect(() => checkTimestamp(String(now - 5_000), undefined, now)).not.toThrow();
    expect(() => checkTimestamp(String(now + 999), undefined, now)).not.toThrow();
    expect(() => checkTimestamp(String(now - 60_000), '60000', now)).not.toThrow();
  });

  it('refuses a recvWindow over 60000, zero or not a number with -1131', () => {
    for (const window of ['60001', '0', 'abc', '-5']) {
      expect(() => checkTimestamp(String(now), window, now)).toThrow(
        expect.objectContaining({ code: -1131 }),
      );
    }
  });
});

describe('ipAllowed', () => {
  it('allows every address with an empty list', () => {
    expect(ipAllowed('203.0.113.5', [])).toBe(true);
  });

  it('matches addresses and blocks of either family, IPv4 written as IPv6 too', () => {
    const list = ['127.0.0.1', '10.1.0.0/16', '2001:db8::/32'];
    expect(ipAllowed('127.0.0.1', list)).toBe(true);
    expect(ipAllowed('::ffff:127.0.0.1', list)).toBe(true);
    expect(ipAllowed('10.1.200.3', list)).toBe(true);
    expect(ipAllowed('10.2.0.1', list)).toBe(false);
    expect(ipAllowed('2001:db8:5::1', list)).toBe(true);
    expect(ipAllowed('2001:db9::1', list)).toBe(false);
  });

  it('reads a block of IPv4 written as IPv6 as the IPv4 block it is', () => {
    const list = ['::ffff:192.0.2.0/120'];
    expect(ipAllowed('192.0.2.200', list)).toBe(true);
    expect(ipAllowed('::ffff:192.0.2.7', list)).toBe(true);
    expect(ipAllowed('192.0.3.1', list)).toBe(false);
    expect(ipAllowed('192.0.2.1', ['::ffff:192.0.2.0/64'])).toBe(false);
  });

  it('ignores entries that are neither', () => {
    expect(ipAllowed('10.0.0.1', ['nonsense', '10.0.0.0/99'])).toBe(false);
  });
});
