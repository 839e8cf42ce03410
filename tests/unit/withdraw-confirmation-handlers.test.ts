// A withdrawal's confirmation through the worker's core: the email code with the trade password,
// the authenticator's code or a passkey's signature (sent as JSON, which a form cannot carry),
// none of them in the log or the intent's key; every refusal left to the form, named by the field
// it is about; what confirms read from the security overview; the withdrawal code's own purpose.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

interface Sent {
  path: string;
  key: string | undefined;
  type: string | undefined;
  body: string;
}

let worker: WorkerHarness;
let core: WorkerCore;
let sent: Sent[];
let toasts: string[];
let next: (path: string) => unknown;

const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });
const refusal = (name: keyof typeof errorCodes, msg: string, field?: string) => ({
  code: errorCodes[name],
  msg,
  data: null,
  ...(field ? { field } : {}),
});
const withdrawal = {
  id: 3,
  asset: 'USDT',
  chain: 'TRC20',
  address: 'TXYZ',
  amount: '20',
  fee: '1',
  status: 'pending',
  reason: null,
  txid: null,
  confirmations: 0,
  explorer_url: null,
  created_at: '2025-01-02T03:04:05.000Z',
  updated_at: '2025-01-02T03:04:05.000Z',
};
const form = {
  asset: 'USDT',
  chain: 'TRC20' as const,
  address: 'TXYZ',
  amount: '20',
  trade_password: '246810',
  email_code: '135791',
};
const assertion = {
  id: 'cred-1',
  rawId: 'cred-1',
  type: 'public-key' as const,
  response: { clientDataJSON: 'eyJjaGFsbGVuZ2UiOiJ4In0', signature: 'c2ln-signed' },
};

beforeEach(async () => {
  sent = [];
  toasts = [];
  next = () => ok(withdrawal);
  worker = await startWorkerCore(({ path, init }) => {
    if (path === '/spot/markets') return ok({ list: [] });
    const headers = init.headers as Record<string, string>;
    sent.push({
      path,
      key: headers['Idempotency-Key'],
      type: headers['Content-Type'],
      body: String(init.body ?? ''),
    });
    return next(path);
  });
  core = worker.core;
  core.connectHost({ toast: (text) => toasts.push(text), sessionExpired: () => {} });
});

afterEach(() => worker.stop());

describe('confirming a withdrawal', () => {
  it('sends the email code and the authenticator code with the trade password, form-encoded', async () => {
    const done = await core.withdraw({ ...form, second: { kind: 'totp', code: ' 654321 ' } });
    expect(done).toMatchObject({ ok: true, data: { id: 3 } });
    const body = new URLSearchParams(sent[0]?.body);
    expect(Object.fromEntries(body)).toEqual({
      asset: 'USDT',
      chain: 'TRC20',
      address: 'TXYZ',
      amount: '20',
      trade_password: '246810',
      email_code: '135791',
      totp_code: '654321',
    });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends a passkey's signature as JSON, with its challenge", async () => {
    await core.withdraw({
      ...form,
      second: { kind: 'passkey', challengeId: '41', response: assertion },
    });
    expect(sent[0]?.type).toBe('application/json');
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({
      asset: 'USDT',
      chain: 'TRC20',
      address: 'TXYZ',
      amount: '20',
      trade_password: '246810',
      email_code: '135791',
      passkey: { challenge_id: '41', response: assertion },
    });
  });

  it('keeps one key per intent whatever confirms it, and logs no code or signature', async () => {
    next = () => 'offline';
    await core.withdraw({ ...form, second: { kind: 'totp', code: '654321' } });
    next = () => ok(withdrawal);
    await core.withdraw({ ...form, second: { kind: 'totp', code: '654321' } });
    expect(sent[1]?.key).toBe(sent[0]?.key);
    await core.withdraw({
      ...form,
      second: { kind: 'passkey', challengeId: '41', response: assertion },
    });
    const capture = await core.capture();
    for (const secret of ['246810', '135791', '654321', 'c2ln-signed']) {
      expect(capture).not.toContain(secret);
    }
  });

  it('names the field of each refusal of the confirmation, and toasts none', async () => {
    const cases = [
      [refusal('code_invalid', 'Wrong code', 'code'), 'email_code'],
      [refusal('withdraw_code_required', 'Enter the code'), 'email_code'],
      [refusal('totp_invalid', 'Wrong authenticator code'), 'totp_code'],
      [refusal('withdraw_second_factor_required', 'Confirm'), 'totp_code'],
      [refusal('passkey_invalid', 'Passkey not verified'), 'passkey'],
      [refusal('trade_password_wrong', 'Wrong', 'trade_password'), 'trade_password'],
    ] as const;
    for (const [answer, field] of cases) {
      next = () => answer;
      const refused = await core.withdraw(form);
      expect(refused).toMatchObject({ ok: false, failure: { kind: 'business', field } });
    }
    next = () => refusal('withdraw_security_hold', 'Paused until 2025-01-03 10:00 UTC');
    const held = await core.withdraw(form);
    expect(held).toEqual({
      ok: false,
      failure: {
        kind: 'business',
        code: errorCodes.withdraw_security_hold,
        msg: 'Paused until 2025-01-03 10:00 UTC',
      },
    });
    expect(toasts).toEqual([]);
  });
});

describe('what confirms a withdrawal', () => {
  const overview = (over: Record<string, unknown>) => ({
    protections: [
      { name: 'login_password', on: true },
      { name: 'totp', on: false },
    ],
    level: 'low',
    next: 'totp',
    email: 'us***@example.com',
    phone: null,
    anti_phishing_code: null,
    passkey_count: 0,
    withdraw_whitelist: false,
    withdraw_hold_until: null,
    withdraw_hold_reason: null,
    address_hold_hours: 24,
    ...over,
  });

  it('reads the authenticator, the passkeys and a running hold from the overview', async () => {
    next = () =>
      ok(
        overview({
          protections: [{ name: 'totp', on: true }],
          passkey_count: 2,
          withdraw_hold_until: '2999-01-02T03:04:00.000Z',
          withdraw_hold_reason: 'passkey',
        }),
      );
    const safeguards = await core.withdrawSafeguards();
    expect(safeguards).toMatchObject({ ok: true, data: { authenticator: true, passkeys: 2 } });
    expect(safeguards.ok && safeguards.data.holdUntil).toMatch(/2999/);
    expect(sent[0]?.path).toBe('/security/overview');
  });

  it('says nothing of a hold that has ended', async () => {
    next = () => ok(overview({ withdraw_hold_until: '2001-01-02T03:04:00.000Z' }));
    expect(await core.withdrawSafeguards()).toEqual({
      ok: true,
      data: { authenticator: false, passkeys: 0, holdUntil: null },
    });
  });

  it('asks for the code with the withdrawal purpose', async () => {
    next = () => ok({ expires_in: 600, resend_in: 60 });
    expect(await core.sendWithdrawCode()).toEqual({ ok: true, data: { resend_in: 60 } });
    expect(sent[0]?.path).toBe('/security/sendCode');
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.body))).toEqual({
      type: 'email',
      purpose: 'withdraw',
    });
  });

  it('opens a passkey challenge for the withdrawal', async () => {
    next = () => ok({ challenge_id: '41', options: { challenge: 'abc', allowCredentials: [] } });
    expect(await core.passkeyWithdrawOptions()).toEqual({
      ok: true,
      data: { challengeId: '41', options: { challenge: 'abc', allowCredentials: [] } },
    });
    expect(sent[0]?.path).toBe('/security/passkey/withdrawOptions');
  });
});
