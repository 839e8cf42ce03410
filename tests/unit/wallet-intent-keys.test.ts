// Money-moving wallet calls through the worker's core: one idempotency key per intent, sent as the
// `Idempotency-Key` header and kept for a retry of the same intent after an answer that never came;
// intents are logged without the trade password.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes } from '../../schemas/errors.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { IntentKeys } from '../../workers/kernel/intents.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

interface Sent {
  path: string;
  key: string | undefined;
  body: string;
}

let worker: WorkerHarness;
let core: WorkerCore;
let sent: Sent[];
/** What the fake server does: answer an envelope or a whole response, or drop the connection. */
let next: (path: string) => unknown;

const withdrawal = (id: number, status = 'pending') => ({
  id,
  asset: 'USDT',
  chain: 'TRC20',
  address: 'TXYZ',
  amount: '20',
  fee: '1',
  status,
  reason: null,
  txid: null,
  confirmations: 0,
  explorer_url: null,
  created_at: '2025-01-02T03:04:05.000Z',
  updated_at: '2025-01-02T03:04:05.000Z',
});
const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });

beforeEach(async () => {
  sent = [];
  next = () => ok(withdrawal(1));
  worker = await startWorkerCore(({ path, init }) => {
    // The wallet asks for the markets' precisions to write its amounts: a read, not an intent.
    if (path === '/spot/markets') return ok({ list: [] });
    const headers = init.headers as Record<string, string>;
    sent.push({ path, key: headers['Idempotency-Key'], body: String(init.body ?? '') });
    return next(path);
  });
  core = worker.core;
});

afterEach(() => worker.stop());

const form = {
  asset: 'USDT',
  chain: 'TRC20' as const,
  address: 'TXYZ',
  amount: '20',
  trade_password: '246810',
};

describe('idempotency keys of wallet intents', () => {
  it('sends one with a withdrawal and reuses it for a retry after a lost answer', async () => {
    next = () => 'offline';
    const lost = await core.withdraw(form);
    expect(lost).toEqual({ ok: false, failure: { kind: 'network' } });
    next = () => ok(withdrawal(1));
    const retried = await core.withdraw(form);
    expect(retried.ok).toBe(true);
    const [first, second] = sent;
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toBe(first?.body);
  });

  it('treats the same amount written another way as the same intent', async () => {
    next = () => 'offline';
    await core.withdraw({ ...form, amount: '20.00' });
    next = () => ok(withdrawal(1));
    await core.withdraw({ ...form, amount: ' 20 ' });
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(new URLSearchParams(sent[1]?.body).get('amount')).toBe('20');
  });

  it('gives the next intent a fresh key once one has been answered', async () => {
    await core.withdraw(form);
    await core.withdraw(form);
    next = () => ({ code: errorCodes.trade_password_wrong, msg: 'Wrong', data: null });
    await core.withdraw(form);
    await core.withdraw(form);
    const keys = sent.map((request) => request.key);
    expect(new Set(keys).size).toBe(4);
  });

  it('gives a changed intent its own key', async () => {
    next = () => 'offline';
    await core.withdraw(form);
    await core.withdraw({ ...form, amount: '21' });
    await core.withdraw({ ...form, address: 'TABC' });
    expect(new Set(sent.map((request) => request.key)).size).toBe(3);
  });

  it('keeps the key when the server says it was already used', async () => {
    next = () => ({ code: errorCodes.idempotency_key_reused, msg: 'Used', data: null });
    await core.withdraw(form);
    next = () => ok(withdrawal(1));
    await core.withdraw(form);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });

  it('keeps the key of a transfer after an HTTP error, whose effect is unknown', async () => {
    next = () => new Response('Bad Gateway', { status: 502 });
    const failed = await core.transfer({
      from: 'funding',
      to: 'contract',
      asset: 'usdt',
      amount: 'all',
    });
    expect(failed).toMatchObject({ ok: false, failure: { kind: 'http', status: 502 } });
    next = () =>
      ok({ reference: 'r', from: 'funding', to: 'contract', asset: 'USDT', amount: '5' });
    await core.transfer({ from: 'funding', to: 'contract', asset: 'USDT', amount: 'all' });
    expect(sent.map((request) => request.path)).toEqual(['/wallet/transfer', '/wallet/transfer']);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(new URLSearchParams(sent[0]?.body).get('amount')).toBe('all');
  });

  it('sends one with a cancellation, and none with a read', async () => {
    next = (path) =>
      path === '/wallet/withdrawals'
        ? ok({ list: [withdrawal(7)], total: 1, page: 1, size: 20 })
        : ok(withdrawal(7, 'cancelled'));
    await core.withdrawals(1);
    const cancelled = await core.cancelWithdrawal(7);
    expect(cancelled).toMatchObject({ ok: true, data: { id: 7, status: 'cancelled' } });
    expect(sent[0]?.key).toBeUndefined();
    expect(sent[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs each intent and answer, never the trade password', async () => {
    next = () => 'offline';
    await core.withdraw(form);
    next = () => ok(withdrawal(1));
    await core.withdraw(form);
    const capture = await core.capture();
    expect(sent[0]?.body).toContain('246810');
    expect(capture).not.toContain('246810');
    expect(capture.match(/"type":"wallet-withdraw"/g)).toHaveLength(2);
    expect(capture).toContain('"path":"/wallet/withdraw","ok":false,"failure":"network"');
    expect(capture).toContain('"path":"/wallet/withdraw","ok":true');
  });
});

describe('IntentKeys', () => {
  it('forgets the oldest unsettled intents beyond the twenty it keeps', () => {
    let made = 0;
    const keys = new IntentKeys(() => `key-${++made}`);
    const first = keys.keyFor('intent-0');
    for (let i = 1; i <= 20; i++) keys.keyFor(`intent-${i}`);
    expect(keys.keyFor('intent-20')).toBe('key-21');
    expect(keys.keyFor('intent-0')).not.toBe(first);
  });
});
