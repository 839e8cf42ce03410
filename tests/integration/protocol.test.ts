// The HTTP contract every call shares: body types, size limit, 4xx envelopes, languages, no 5xx.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '../../schemas/envelope.schema.ts';
import { type ErrorName, errorCodes, errorHttpStatus } from '../../schemas/errors.ts';
import type { FieldName } from '../../schemas/fields.ts';
import { type Language, languages } from '../../schemas/languages.ts';
import { catalogues } from '../../schemas/messages/index.ts';
import { goodPassword, lastCodeFor, newEmail, registerUser } from '../support/accounts.ts';
import {
  type Answer,
  ApiClient,
  type BodyKind,
  randomClientAddress,
} from '../support/api-client.ts';
import { expectError } from '../support/expectations.ts';
import { testServers } from '../support/test-server.ts';

const bodyKinds: BodyKind[] = ['form', 'json', 'multipart'];
const anyEnvelope = envelopeSchema(z.unknown());

/** The message a language gives for an error about a field, from the message catalogues. */
function fieldMessage(language: Language, name: ErrorName, field: FieldName): string {
  const catalogue = catalogues[language];
  return catalogue.errors[name].replace('{field}', catalogue.fields[field]);
}

interface RawAnswer {
  status: number;
  text: string;
}

describe.each(testServers())('the HTTP contract on $name', (server) => {
  /** A request the ApiClient would not make: any method, headers and body. */
  async function raw(path: string, init: RequestInit = {}): Promise<RawAnswer> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', randomClientAddress());
    const response = await fetch(`${server.url}${path}`, { ...init, headers });
    return { status: response.status, text: await response.text() };
  }

  /** The envelope of an answer, or a failed test if the body is anything else. */
  function envelopeOf(answer: RawAnswer) {
    return anyEnvelope.parse(JSON.parse(answer.text));
  }

  function expectRawError(answer: RawAnswer, name: ErrorName, language: Language = 'en'): void {
    expect(answer.status).toBe(errorHttpStatus[name] ?? 200);
    expect(envelopeOf(answer)).toEqual({
      code: errorCodes[name],
      msg: catalogues[language].errors[name],
      data: null,
    });
  }

  describe('request bodies', () => {
    it.each(bodyKinds)('logs in with a %s body', async (as) => {
      const client = new ApiClient(server.url);
      const user = await registerUser(client, server.dataDir);
      const answer = await client.post<{ account: string }>(
        '/login/index',
        { account: user.account, password: user.password },
        { as },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.account).toBe(user.account);
    });

    it.each(bodyKinds)('registers with a %s body', async (as) => {
      const client = new ApiClient(server.url);
      const email = newEmail();
      expect((await client.get('/register/sendemail', { email })).body.code).toBe(200);
      const code = await lastCodeFor(server.dataDir, email);
      const answer = await client.post<{ account: string }>(
        '/register/index',
        { email, password: goodPassword, repassword: goodPassword, code },
        { as },
      );
      expect(answer.body.code).toBe(200);
      expect(answer.body.data.account).toBe(email);
    });

    it.each(bodyKinds)('validates a %s body the same way', async (as) => {
      const answer = await new ApiClient(server.url).post(
        '/login/index',
        { password: goodPassword },
        { as },
      );
      expectError(answer, 'field_required', 'Account is required');
    });

    it('takes a charset on the content type', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const json = await raw('/api/login/index', {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ account: user.account, password: user.password }),
      });
      expect(envelopeOf(json).code).toBe(200);
      const form = await raw('/api/login/index', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams({ account: user.account, password: user.password }).toString(),
      });
      expect(envelopeOf(form).code).toBe(200);
    });

    it('refuses other content types with 415', async () => {
      for (const type of ['text/plain', 'application/xml', 'text/csv']) {
        const answer = await raw('/api/login/index', {
          method: 'POST',
          headers: { 'content-type': type },
          body: 'account=a@example.com&password=Secret123',
        });
        expectRawError(answer, 'unsupported_media_type');
      }
    });

    it.each(['form', 'json'] as const)('refuses a %s body over 64 KiB with 413', async (as) => {
      const answer = await new ApiClient(server.url).post(
        '/login/index',
        { account: newEmail(), password: 'x'.repeat(65 * 1024) },
        { as },
      );
      expectError(answer, 'payload_too_large', catalogues.en.errors.payload_too_large);
    });

    it('takes a body just under the limit and judges its fields', async () => {
      const answer = await new ApiClient(server.url).post('/login/index', {
        account: newEmail(),
        password: 'x'.repeat(60 * 1024),
      });
      expectError(answer, 'field_too_long', 'Password is too long');
    });

    it('refuses malformed JSON with 400', async () => {
      for (const body of ['{"account":', '{account: 1}', '', '{"a":1}}']) {
        const answer = await raw('/api/login/index', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        expectRawError(answer, 'malformed_body');
      }
    });

    it('refuses JSON that tries to set an object prototype', async () => {
      const answer = await raw('/api/login/index', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"__proto__":{"admin":true},"account":"a@example.com","password":"Secret123"}',
      });
      expectRawError(answer, 'malformed_body');
    });

    it('calls a field of the wrong JSON type invalid, and a null one missing', async () => {
      const post = (body: string) =>
        raw('/api/login/index', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      for (const account of ['123', 'true', '{"a":1}', '["a@example.com"]']) {
        const answer = await post(`{"account":${account},"password":"Secret123"}`);
        expect(answer.status).toBe(200);
        expect(envelopeOf(answer)).toEqual({
          code: errorCodes.field_invalid,
          msg: 'Account is invalid',
          data: null,
        });
      }
      const missing = envelopeOf(await post('{"account":null,"password":"Secret123"}'));
      expect(missing).toMatchObject({
        code: errorCodes.field_required,
        msg: 'Account is required',
      });
    });

    it('calls a query parameter given twice invalid', async () => {
      const answer = await raw(`/api/register/sendemail?email=${newEmail()}&email=${newEmail()}`);
      expect(answer.status).toBe(200);
      expect(envelopeOf(answer)).toMatchObject({
        code: errorCodes.field_invalid,
        msg: 'Email is invalid',
      });
    });

    it('refuses a NUL character in a text field as invalid, without a server error', async () => {
      const client = new ApiClient(server.url);
      const login = await client.post('/login/index', { account: 'a\u0000b', password: 'x' });
      expectError(login, 'field_invalid', 'Account is invalid');
      const forget = await client.post('/login/forget', {
        account: 'a\u0000@example.com',
        code: '123456',
        password: goodPassword,
        repassword: goodPassword,
      });
      expectError(forget, 'field_invalid', 'Account is invalid');
      const register = await client.post('/register/index', {
        email: newEmail(),
        password: goodPassword,
        repassword: goodPassword,
        code: '123456',
        invite_code: 'AB\u0000',
      });
      expectError(register, 'field_invalid', 'Invite code is invalid');
    });
  });

  describe('routes', () => {
    it('answers 404 for an unknown path', async () => {
      const client = new ApiClient(server.url);
      for (const path of ['/nope', '/index/nope', '/index/logo/extra', '/login']) {
        expectError(await client.get(path), 'not_found', catalogues.en.errors.not_found);
        expectError(await client.post(path), 'not_found');
      }
    });

    it('answers 405 for a known path with the wrong method', async () => {
      const client = new ApiClient(server.url);
      expectError(
        await client.post('/index/logo'),
        'method_not_allowed',
        catalogues.en.errors.method_not_allowed,
      );
      expectError(await client.get('/login/index'), 'method_not_allowed');
      for (const method of ['PUT', 'DELETE', 'PATCH']) {
        expectError(await client.send(method, '/login/index', {}, {}), 'method_not_allowed');
      }
    });

    // Regression: Fastify answered a path it cannot decode with its own body, not the envelope.
    it('answers a path with broken percent-encoding in the envelope', async () => {
      const answer = await raw('/api/index/%E0%A4%A');
      expect(answer.status).toBe(400);
      const envelope = errorEnvelopeSchema.safeParse(JSON.parse(answer.text));
      expect(envelope.success).toBe(true);
      expect(envelope.data?.code).not.toBe(200);
    });
  });

  describe('requests the HTTP parser refuses', () => {
    /**
     * Bytes written straight to a socket, as a client that does not speak HTTP well would; the
     * last response the server wrote before it closed the connection.
     */
    function overSocket(request: string): Promise<RawAnswer> {
      const { hostname, port } = new URL(server.url);
      return new Promise((resolve, reject) => {
        const chunks: Buffer[] = [];
        const socket = connect(Number(port), hostname, () => socket.write(request));
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const responses = Buffer.concat(chunks)
            .toString('utf8')
            .split(/(?=HTTP\/1\.1 \d{3} )/);
          const last = responses.at(-1) ?? '';
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(last)?.[1] ?? 0);
          resolve({ status, text: last.slice(last.indexOf('\r\n\r\n') + 4) });
        });
      });
    }

    it('answers headers over the limit with 431 in the envelope', async () => {
      const answer = await overSocket(
        `GET /api/index/logo HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expectRawError(answer, 'headers_too_large');
    });

    it('answers a request line it cannot read with 400 in the envelope', async () => {
      expectRawError(await overSocket('NOT HTTP\r\n\r\n'), 'malformed_request');
    });

    // Regression: a body sent with a GET or a DELETE and no length read as the next request.
    it('answers a body without a length after a GET or a DELETE in the envelope', async () => {
      for (const method of ['GET', 'DELETE']) {
        const answer = await overSocket(
          `${method} /api/index/logo HTTP/1.1\r\nHost: x\r\n\r\n{"a":1}\r\n\r\n`,
        );
        expectRawError(answer, 'malformed_request');
      }
    });

    it('answers an HTTP/1.1 request without a Host with 400 in the envelope', async () => {
      expectRawError(
        await overSocket('GET /api/index/logo HTTP/1.1\r\nConnection: close\r\n\r\n'),
        'malformed_request',
      );
    });
  });

  describe('languages', () => {
    const loginWithout = (lang?: string) =>
      new ApiClient(server.url).post(
        '/login/index',
        { password: goodPassword },
        lang === undefined ? {} : { lang },
      );

    it.each(languages)(
      'answers in %s, naming the field the way the language does',
      async (lang) => {
        const answer = await loginWithout(lang);
        expectError(answer, 'field_required', fieldMessage(lang, 'field_required', 'account'));
        expect(answer.body.msg).not.toContain('{field}');
      },
    );

    it('gives each language its own text', async () => {
      const messages = new Set<string>();
      for (const lang of languages) messages.add((await loginWithout(lang)).body.msg);
      expect(messages.size).toBe(languages.length);
    });

    it('reads pl as Polish, the product’s bl', async () => {
      const polish = fieldMessage('bl', 'field_required', 'account');
      for (const lang of ['bl', 'pl', 'pl-PL', 'PL']) {
        expect((await loginWithout(lang)).body.msg).toBe(polish);
      }
    });

    it('reads a region or a list of preferences by its first language', async () => {
      const cases: [string, Language][] = [
        ['de-AT', 'de'],
        ['zh_CN', 'zh'],
        ['ZH-Hant', 'zh'],
        ['he-IL,en;q=0.5', 'he'],
        [' fr ', 'fr'],
      ];
      for (const [header, lang] of cases) {
        expect((await loginWithout(header)).body.msg).toBe(
          fieldMessage(lang, 'field_required', 'account'),
        );
      }
    });

    it('answers in English without a Lang header or for an unknown language', async () => {
      const english = fieldMessage('en', 'field_required', 'account');
      expect((await loginWithout()).body.msg).toBe(english);
      for (const lang of ['xx', 'ru', 'en-GB', '', '*', 'x'.repeat(500)]) {
        expect((await loginWithout(lang)).body.msg).toBe(english);
      }
    });

    it('fills in every field label and parameter in the language asked for', async () => {
      const user = await registerUser(new ApiClient(server.url), server.dataDir);
      const password = { password: goodPassword, repassword: goodPassword };
      const cases: {
        call: (client: ApiClient, lang: Language) => Promise<Answer>;
        expected: (lang: Language) => string;
      }[] = [
        {
          call: (c, lang) => c.post('/login/index', { account: newEmail() }, { lang }),
          expected: (lang) => fieldMessage(lang, 'field_required', 'password'),
        },
        {
          call: (c, lang) => c.post('/register/index', { ...password, code: '123456' }, { lang }),
          expected: (lang) => fieldMessage(lang, 'field_required', 'email'),
        },
        {
          call: (c, lang) =>
            c.post('/register/index', { email: newEmail(), ...password, code: '' }, { lang }),
          expected: (lang) => fieldMessage(lang, 'field_required', 'code'),
        },
        {
          call: (c, lang) => c.get('/register/sendsms', { phone: '12345' }, { lang }),
          expected: (lang) => fieldMessage(lang, 'field_invalid', 'phone'),
        },
        {
          call: (c, lang) =>
            c.get('/register/sendemail', { email: newEmail(), scene: 'x' }, { lang }),
          expected: (lang) => fieldMessage(lang, 'field_invalid', 'scene'),
        },
        {
          call: (c, lang) =>
            c.post(
              '/register/index',
              { email: newEmail(), ...password, code: '123456', invite_code: 'X'.repeat(17) },
              { lang },
            ),
          expected: (lang) => fieldMessage(lang, 'field_too_long', 'invite_code'),
        },
        {
          call: (c, lang) =>
            c.post(
              '/login/forget',
              { account: newEmail(), code: '123456', password: goodPassword },
              { lang },
            ),
          expected: (lang) => fieldMessage(lang, 'field_required', 'repassword'),
        },
        {
          call: (c, lang) =>
            c.post('/security/sendCode', { type: 'fax' }, { lang, token: user.token }),
          expected: (lang) => fieldMessage(lang, 'field_invalid', 'type'),
        },
        {
          call: (c, lang) =>
            c.post(
              '/register/index',
              {
                email: newEmail(),
                password: goodPassword,
                repassword: 'Other1234',
                code: '123456',
              },
              { lang },
            ),
          expected: (lang) => catalogues[lang].errors.password_mismatch,
        },
        {
          call: (c, lang) => c.get('/security/index', {}, { lang }),
          expected: (lang) => catalogues[lang].errors.session_expired,
        },
        {
          call: (c, lang) => c.get('/index/logo', {}, { lang }),
          expected: (lang) => catalogues[lang].ok,
        },
      ];
      const client = new ApiClient(server.url);
      for (const lang of languages) {
        for (const { call, expected } of cases) {
          const answer = await call(client, lang);
          expect(answer.body.msg).toBe(expected(lang));
          expect(answer.body.msg).not.toMatch(/\{\w+\}/);
        }
      }
    });

    it('answers protocol errors in the language asked for', async () => {
      for (const lang of ['de', 'zh', 'he', 'bl'] as const) {
        const client = new ApiClient(server.url);
        expectError(
          await client.get('/nope', {}, { lang }),
          'not_found',
          catalogues[lang].errors.not_found,
        );
        expectError(
          await client.post('/index/logo', {}, { lang }),
          'method_not_allowed',
          catalogues[lang].errors.method_not_allowed,
        );
        expectRawError(
          await raw('/api/login/index', {
            method: 'POST',
            headers: { 'content-type': 'text/plain', lang },
            body: 'x',
          }),
          'unsupported_media_type',
          lang,
        );
        expectRawError(
          await raw('/api/login/index', {
            method: 'POST',
            headers: { 'content-type': 'application/json', lang },
            body: '{',
          }),
          'malformed_body',
          lang,
        );
        expectError(
          await client.post('/login/index', { account: 'x'.repeat(70_000) }, { lang }),
          'payload_too_large',
          catalogues[lang].errors.payload_too_large,
        );
      }
    });
  });

  describe('robustness', () => {
    const oddRequests: [label: string, path: string, init: RequestInit][] = [
      ['an empty POST', '/api/login/index', { method: 'POST' }],
      [
        'a JSON number',
        '/api/login/index',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '42' },
      ],
      [
        'a JSON array',
        '/api/register/index',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' },
      ],
      [
        'JSON null',
        '/api/login/forget',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'null' },
      ],
      [
        'deeply nested JSON',
        '/api/login/index',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
        },
      ],
      [
        'a lone surrogate',
        '/api/login/index',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"account":"\\ud800@example.com","password":"Secret123"}',
        },
      ],
      [
        'bytes that are not UTF-8',
        '/api/login/index',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'account=%FF%FE&password=%C0',
        },
      ],
      [
        'a form field given twice',
        '/api/login/index',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'account=a@example.com&account=b@example.com&password=x',
        },
      ],
      [
        'an empty multipart body',
        '/api/login/index',
        {
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
          body: '',
        },
      ],
      [
        'an overlong token',
        '/api/security/index',
        { headers: { authorization: `Bearer ${'a'.repeat(5000)}` } },
      ],
      [
        'a token with odd characters',
        '/api/security/index',
        { headers: { authorization: 'Bearer ../../etc/passwd' } },
      ],
      ['a broken query string', '/api/register/sendemail?email=%&scene=%zz', {}],
      [
        'a query field of a thousand characters',
        `/api/register/sendsms?phone=${'9'.repeat(1000)}`,
        {},
      ],
    ];

    it.each(oddRequests)('answers %s with an envelope, never 5xx', async (_label, path, init) => {
      const answer = await raw(path, init);
      expect(answer.status).toBeLessThan(500);
      const envelope = envelopeOf(answer);
      expect(envelope.code).not.toBe(errorCodes.server_error);
      expect(envelope.msg).not.toBe('');
      expect(answer.text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|Error: |"stack"/);
    });

    const brokenMultipart: [label: string, contentType: string, body: string][] = [
      [
        'a multipart body cut off before its closing boundary',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="account"\r\n\r\na',
      ],
      ['a multipart body without a boundary parameter', 'multipart/form-data', 'x'],
      ['a multipart body with no parts', 'multipart/form-data; boundary=xyz', 'garbage'],
    ];

    // Regression: the multipart parser's errors carry no HTTP status and once ended as a 500.
    it.each(brokenMultipart)('refuses %s with 400, not 5xx', async (_label, type, body) => {
      const answer = await raw('/api/login/index', {
        method: 'POST',
        headers: { 'content-type': type },
        body,
      });
      expectRawError(answer, 'malformed_body');
    });

    it('sends no stack trace with any refusal of the suite', async () => {
      const client = new ApiClient(server.url);
      const answers: Answer[] = [
        await client.post('/login/index', { account: 'a', password: 'b' }),
        await client.post('/register/index', {}),
        await client.post('/security/password', {}),
        await client.get('/register/sendemail', { email: 'x' }),
        await client.post('/login/forget', {
          account: newEmail(),
          code: '000000',
          password: goodPassword,
          repassword: goodPassword,
        }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeLessThan(500);
        // The envelope, and the request field a refusal is about where the server knows it.
        const { field, ...envelope } = answer.body as unknown as Record<string, unknown>;
        expect(Object.keys(envelope).sort()).toEqual(['code', 'data', 'msg']);
        expect(field === undefined || typeof field === 'string').toBe(true);
        expect(JSON.stringify(answer.body)).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|stack/);
      }
    });
  });
});
