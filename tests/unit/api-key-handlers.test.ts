// The worker's API key calls (workers/security/api-key-handlers.ts): the request as the server's
// schema takes it (the email code as `code`, a blank authenticator code left out), the new key's
// secret handed to the page and never to the event log, times in the user's locale, and a
// refusal left to the form, named by the field the user has to change.
import { describe, expect, it } from 'vitest';
import type { NewEvent } from '../../core/event-log.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { errorCodes } from '../../schemas/errors.ts';
import type { CallOptions } from '../../workers/kernel/api-client.ts';
import type { Outcome } from '../../workers/kernel/outcome.ts';
import { formatTimestamp } from '../../workers/kernel/time-format.ts';
import { createSecurityHandlers } from '../../workers/security/handlers.ts';

const key = {
  id: 7,
  label: 'Grid bot',
  api_key: 'K'.repeat(64),
  scopes: ['read', 'spot'],
  ip_allowlist: ['203.0.113.7'],
  created_at: '2026-03-04T12:00:00.000Z',
};
const secret = 'S3cr3t'.repeat(10).slice(0, 64);

function harness(answer: unknown) {
  const calls: { path: string; input: unknown; options: CallOptions | undefined }[] = [];
  const logged: NewEvent[] = [];
  const security = createSecurityHandlers({
    call: (async (endpoint: Endpoint, input: unknown, _headers: unknown, options?: CallOptions) => {
      calls.push({ path: endpoint.path, input, options });
      // Every request must pass its endpoint's schema, as the API client would send it.
      endpoint.request.parse(input);
      return { ok: true, data: endpoint.response.parse(answer) };
    }) as never,
    record: (event) => logged.push(event),
    locale: () => 'en-GB',
  });
  return { security, calls, logged };
}

describe('API keys in the worker', () => {
  it('lists the keys with their times in the locale', async () => {
    const { security, calls } = harness([key]);
    const outcome = await security.apiKeys();
    expect(outcome.ok && outcome.data).toEqual([
      {
        id: 7,
        label: 'Grid bot',
        apiKey: key.api_key,
        scopes: ['read', 'spot'],
        ipAllowlist: ['203.0.113.7'],
        createdAt: formatTimestamp(key.created_at, 'en-GB', 'dated'),
      },
    ]);
    expect(calls.map((call) => call.path)).toEqual(['/security/api-keys']);
  });

  it('makes a key with the email code as `code`, and hands its secret to the page alone', async () => {
    const { security, calls, logged } = harness({ ...key, secret });
    const outcome = await security.createApiKey({
      label: ' Grid bot ',
      scopes: ['read', 'spot'],
      ipAllowlist: ['203.0.113.7'],
      emailCode: ' 482916 ',
      totpCode: '',
    });
    expect(outcome.ok && outcome.data).toMatchObject({ apiKey: key.api_key, secret });
    expect(calls).toEqual([
      {
        path: '/security/api-keys',
        input: {
          label: 'Grid bot',
          scopes: ['read', 'spot'],
          ip_allowlist: ['203.0.113.7'],
          code: '482916',
        },
        options: { toastRefusal: false },
      },
    ]);
    // Nothing of the call is in the log: not the secret, not the code.
    const log = JSON.stringify(logged);
    expect(log).not.toContain(secret);
    expect(log).not.toContain('482916');
  });

  it('sends the authenticator code when one is given', async () => {
    const { security, calls } = harness({ ...key, secret });
    await security.createApiKey({
      label: 'Grid bot',
      scopes: ['read'],
      ipAllowlist: [],
      emailCode: '482916',
      totpCode: '123456',
    });
    expect(calls[0]?.input).toMatchObject({ code: '482916', totp_code: '123456' });
  });

  it('answers the scopes the server offers a new key', async () => {
    const { security, calls } = harness({ list: ['read', 'spot', 'futures'] });
    const outcome = await security.apiKeyScopes();
    expect(outcome.ok && outcome.data).toEqual(['read', 'spot', 'futures']);
    expect(calls.map((call) => call.path)).toEqual(['/security/api-key-scopes']);
  });

  it('deletes a key by its id', async () => {
    const { security, calls } = harness(null);
    expect((await security.deleteApiKey(7)).ok).toBe(true);
    expect(calls.map(({ path, input }) => ({ path, input }))).toEqual([
      { path: '/security/api-keys/delete', input: { id: 7 } },
    ]);
  });
});

describe('a refusal of a new key', () => {
  function refusing(name: keyof typeof errorCodes, field?: string) {
    return createSecurityHandlers({
      call: (async () => ({
        ok: false,
        failure: { kind: 'business', code: errorCodes[name], msg: name, field },
      })) as never,
      record: () => {},
      locale: () => 'en-GB',
    });
  }
  const request = { label: 'Bot', scopes: ['read'], ipAllowlist: [], emailCode: '1' };
  const fieldOf = (outcome: Outcome<unknown>) =>
    !outcome.ok && outcome.failure.kind === 'business' ? outcome.failure.field : null;

  it('is named by the field the form shows', async () => {
    expect(fieldOf(await refusing('code_invalid', 'code').createApiKey(request))).toBe(
      'email_code',
    );
    expect(fieldOf(await refusing('totp_invalid').createApiKey(request))).toBe('totp_code');
    expect(fieldOf(await refusing('two_factor_required').createApiKey(request))).toBe('totp_code');
    expect(
      fieldOf(await refusing('ip_allowlist_invalid', 'ip_allowlist').createApiKey(request)),
    ).toBe('ip_allowlist');
  });

  it('names no field for the limit of keys', async () => {
    expect(fieldOf(await refusing('api_key_limit').createApiKey(request))).toBeUndefined();
  });
});
