// Passkeys and the two-step login through the worker's core: a passkey's answers travel as JSON
// and start a session like a password login; the list arrives formatted; a login that needs the
// authenticator says so instead of failing, and a wrong second code is named by its field; the
// refusals the pages say themselves are not toasted, and no code reaches the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import { twoFactorRequiredCode } from '../../workers/accounts/handlers.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

interface Sent {
  path: string;
  type: string | undefined;
  body: string;
}

let worker: WorkerHarness;
let core: WorkerCore;
let sent: Sent[];
let toasts: string[];
let next: (path: string) => unknown;

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
const session = {
  token: 'tok-1',
  expires_at: '2999-01-01T00:00:00.000Z',
  user_id: 7,
  account: 'user@example.com',
};
const credential = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  response: { clientDataJSON: 'eyJ4IjoxfQ', attestationObject: 'o2NmbXRk-attested' },
};

beforeEach(async () => {
  sent = [];
  toasts = [];
  next = () => ok(null);
  worker = await startWorkerCore(({ path, init }) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ path, type: headers['Content-Type'], body: String(init.body ?? '') });
    return next(path);
  });
  core = worker.core;
  core.connectHost({ toast: (text) => toasts.push(text), sessionExpired: () => {} });
});

afterEach(() => worker.stop());

describe('the two-step login', () => {
  it('holds its code to the catalogue', () => {
    expect(twoFactorRequiredCode).toBe(errorCodes.two_factor_required);
  });

  it('asks for the second factor without calling it an error', async () => {
    next = () => ({ code: twoFactorRequiredCode, msg: 'Enter the code', data: null });
    const first = await core.login('user@example.com', 'Secret123');
    expect(first).toMatchObject({ ok: false, secondFactor: true });
    expect(toasts).toEqual([]);
  });

  it('sends the code with the password, and names it when it is refused', async () => {
    next = () => ({ code: errorCodes.totp_invalid, msg: 'Wrong authenticator code', data: null });
    const wrong = await core.login('user@example.com', 'Secret123', { totp_code: '123456' });
    expect(wrong).toMatchObject({ ok: false, failure: { field: 'totp_code' } });
    expect(wrong.secondFactor).toBeUndefined();
    next = () => ({ code: errorCodes.recovery_code_invalid, msg: 'Used', data: null });
    const used = await core.login('user@example.com', 'Secret123', {
      recovery_code: 'abcde-12345',
    });
    expect(used).toMatchObject({ ok: false, failure: { field: 'recovery_code' } });
    next = () => ok(session);
    const done = await core.login('user@example.com', 'Secret123', { totp_code: '654321' });
    expect(done).toMatchObject({ ok: true, data: { token: 'tok-1' } });
    expect(Object.fromEntries(new URLSearchParams(sent[2]?.body))).toEqual({
      account: 'user@example.com',
      password: 'Secret123',
      totp_code: '654321',
    });
    const capture = await core.capture();
    for (const secret of ['Secret123', '123456', '654321', 'abcde-12345']) {
      expect(capture).not.toContain(secret);
    }
    expect(toasts).toEqual([]);
  });
});

describe('passkeys', () => {
  it('signs in with a signed challenge, as JSON, and starts the session', async () => {
    next = (path) =>
      path === '/login/passkeyOptions'
        ? ok({ challenge_id: '12', options: { challenge: 'xyz', rpId: 'localhost' } })
        : ok(session);
    const options = await core.passkeyLoginOptions();
    expect(options).toEqual({
      ok: true,
      data: { challengeId: '12', options: { challenge: 'xyz', rpId: 'localhost' } },
    });
    const signedIn = await core.passkeyLogin({ challengeId: '12', response: credential });
    expect(signedIn).toMatchObject({ ok: true, data: { token: 'tok-1' } });
    expect(sent[1]).toMatchObject({ path: '/login/passkey', type: 'application/json' });
    expect(JSON.parse(sent[1]?.body ?? '')).toEqual({ challenge_id: '12', response: credential });
    expect(await core.capture()).toContain('"type":"login"');
  });

  it('leaves a refused sign-in to the page', async () => {
    next = () => ({ code: errorCodes.passkey_invalid, msg: 'Not verified', data: null });
    const refused = await core.passkeyLogin({ challengeId: '12', response: credential });
    expect(refused).toMatchObject({ ok: false, failure: { msg: 'Not verified' } });
    expect(toasts).toEqual([]);
  });

  it('registers one with its name, and lists them formatted', async () => {
    const key = {
      id: 5,
      name: 'My phone',
      created_at: '2025-03-04T05:06:07.000Z',
      last_used_at: null,
      backed_up: true,
    };
    next = (path) =>
      path === '/security/passkeys'
        ? ok([{ ...key, last_used_at: '2025-03-05T05:06:07.000Z', backed_up: false }, key])
        : ok(key);
    const saved = await core.passkeyRegister({
      challengeId: '13',
      response: credential,
      name: '  My phone ',
    });
    expect(saved).toMatchObject({ ok: true, data: { id: 5, name: 'My phone', synced: true } });
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      challenge_id: '13',
      response: credential,
      name: 'My phone',
    });
    const list = await core.passkeyList();
    if (!list.ok) throw new Error('expected the list');
    expect(list.data.map((row) => [row.name, row.synced, row.lastUsed === null])).toEqual([
      ['My phone', false, false],
      ['My phone', true, true],
    ]);
    expect(list.data[0]?.created).toMatch(/2025/);
    expect(await core.capture()).not.toContain('attested');
  });

  it('removes one with the email code, saying a refusal on the page', async () => {
    next = () => ({ code: errorCodes.code_invalid, msg: 'Wrong code', data: null, field: 'code' });
    const refused = await core.passkeyRemove(5, ' 123456 ');
    expect(refused).toMatchObject({ ok: false, failure: { field: 'code' } });
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.body))).toEqual({
      id: '5',
      email_code: '123456',
    });
    expect(toasts).toEqual([]);
    expect(await core.capture()).not.toContain('123456');
  });
});
