// Property: no generated bad request gets a 5xx, a stack trace or anything but the envelope, and a
// request with a broken required field is refused and changes nothing in the database. Ids past
// the columns they name are among the values drawn (tests/integration/row-ids.test.ts sweeps each
// id field at its bounds on both databases).
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../schemas/api.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { ManualClock } from '../support/manual-clock.ts';

let server: InProcessServer;
let token: string;

beforeAll(async () => {
  server = await startInProcessServer(new ManualClock());
  token = (await registerUser(new ApiClient(server.url), server.dataDir)).token;
});
afterAll(() => server.stop());

/** A fingerprint of what a request could change (rate-limit windows and session activity aside). */
async function snapshot(): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select concat_ws('|',
      (select md5(coalesce(string_agg(u::text, ',' order by u.id), '')) from users u),
      (select md5(coalesce(string_agg(concat(token_hash, revoked_at), ',' order by token_hash), ''))
         from sessions),
      (select md5(coalesce(string_agg(c::text, ',' order by c.id), '')) from verification_codes c)
    ) as fingerprint`.execute(server.db);
  return rows[0]?.fingerprint ?? '';
}

function requiredFields(endpoint: Endpoint): string[] {
  const schema = z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' });
  return (schema.required as string[] | undefined) ?? [];
}

function fieldNames(endpoint: Endpoint): string[] {
  const schema = z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' });
  return Object.keys((schema.properties as Record<string, unknown> | undefined) ?? {});
}

const served = () =>
  endpoints.filter((e) => server.app.hasRoute({ method: e.method, url: `/api${e.path}` }));

const junkValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    '{"a":1}',
    '-1',
    '1e309',
    'NaN',
    'x'.repeat(5000),
    // Ids past the columns they name: 32-bit, 53-bit and 64-bit overflows.
    '2147483647',
    '2147483648',
    '9007199254740992',
    '9223372036854775808',
  ),
);

type Encoding = 'form' | 'json' | 'multipart';

/** A request whose `broken` field (if any) cannot pass: missing, empty or of the wrong shape. */
const badRequest = (endpoint: Endpoint) => {
  const names = [...fieldNames(endpoint), 'unexpected', '__proto__', 'constructor'];
  const required = requiredFields(endpoint);
  return fc.record({
    body: fc.dictionary(fc.constantFrom(...names), junkValue, { maxKeys: names.length }),
    broken: required.length ? fc.option(fc.constantFrom(...required)) : fc.constant(null),
    breakage: fc.constantFrom('missing', 'empty', 'nested'),
    encoding: fc.constantFrom<Encoding>('form', 'json', 'multipart'),
    withToken: fc.boolean(),
    lang: fc.constantFrom('en', 'zh', 'he', 'bl', 'xx'),
  });
};

function encodeBody(
  body: Record<string, unknown>,
  encoding: Encoding,
): { body: BodyInit; type?: string } {
  if (encoding === 'json') return { body: JSON.stringify(body), type: 'application/json' };
  const flat = Object.entries(body).flatMap(([key, value]) =>
    Array.isArray(value) ? value.map((v) => [key, String(v)]) : [[key, String(value)]],
  );
  if (encoding === 'form')
    return { body: new URLSearchParams(flat), type: 'application/x-www-form-urlencoded' };
  const form = new FormData();
  for (const [key, value] of flat) form.append(key ?? '', value ?? '');
  return { body: form };
}

async function send(
  endpoint: Endpoint,
  body: Record<string, unknown>,
  encoding: Encoding,
  headers: Record<string, string>,
) {
  const url = new URL(`/api${endpoint.path}`, server.url);
  if (endpoint.method === 'GET') {
    for (const [key, value] of Object.entries(body)) {
      for (const v of Array.isArray(value) ? value : [value])
        url.searchParams.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return fetch(url, { headers });
  }
  const encoded = encodeBody(body, encoding);
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, ...(encoded.type ? { 'content-type': encoded.type } : {}) },
    body: encoded.body,
  });
}

describe('bad requests to every served call', () => {
  it('covers the calls this server serves', () => {
    expect(served().map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/register/index',
        '/login/index',
        '/security/payPwd',
        '/index/logo',
      ]),
    );
  });

  it('never answer 5xx, always the envelope, and refuse a broken field without a change', async () => {
    const before = await snapshot();
    const fuzzed = served();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...fuzzed).chain((e) => fc.tuple(fc.constant(e), badRequest(e))),
        async ([endpoint, req]) => {
          const body: Record<string, unknown> = { ...req.body };
          if (req.broken) {
            if (req.breakage === 'missing') delete body[req.broken];
            else if (req.breakage === 'empty' || req.encoding !== 'json') body[req.broken] = '';
            else body[req.broken] = { nested: ['value'] };
          }
          // A token goes only where the request is refused anyway or only reads: a call with no
          // required field (log out, send a code) is a valid request with any body.
          const canBreak = requiredFields(endpoint).length > 0 || endpoint.method === 'GET';
          const useToken = req.withToken && canBreak;
          const response = await send(endpoint, body, req.encoding, {
            lang: req.lang,
            'x-forwarded-for': '10.9.8.7',
            ...(useToken ? { authorization: `Bearer ${token}` } : {}),
          });
          expect(response.status).toBeLessThan(500);
          const text = await response.text();
          // A stack frame names a source file with its line and column (a timestamp does not).
          expect(text).not.toMatch(/\bat .*[\\/][\w.-]+\.(ts|js|mjs|cjs):\d+:\d+/);
          const envelope = JSON.parse(text) as { code: unknown; msg: unknown; data: unknown };
          expect(typeof envelope.code).toBe('number');
          expect(typeof envelope.msg).toBe('string');
          expect(envelope.msg).not.toBe('');
          if (req.broken || (endpoint.auth && !useToken)) {
            expect(envelope.code).not.toBe(200);
            expect(envelope.data).toBeNull();
          }
        },
      ),
      { numRuns: 400 },
    );
    expect(await snapshot()).toBe(before);
  });
});
