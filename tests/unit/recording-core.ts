// The worker's core for tests of a domain's calls: each test gets a fresh core signed in as a user,
// whose server answers as the test says (`next`, reset to `answer` before each test) and records
// every request it was sent with its idempotency key, body and query.
import { afterEach, beforeEach } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import { type ClientView, viewAt } from '../../core/projections/client-view.ts';
import type { WorkerCore } from '../../workers/create-core.ts';
import { logged } from '../support/events.ts';
import { startWorkerCore, type WorkerHarness } from '../support/worker-harness.ts';

export interface SentRequest {
  path: string;
  key: string | undefined;
  body: string;
  query: string;
}

export const ok = (data: unknown) => ({ code: 200, msg: 'Success', data });

/** A form-encoded body's fields. */
export const bodyOf = (request: SentRequest | undefined) =>
  Object.fromEntries(new URLSearchParams(request?.body));

export interface RecordingCore {
  core: WorkerCore;
  sent: SentRequest[];
  /** How the server answers a path in this test: `answer` unless the test changes it. */
  next(path: string): unknown;
  /** The requests to a path, in order. */
  sentTo(path: string): SentRequest[];
  /** The view the core's log gives, signed in as its session is. */
  signedInView(): Promise<ClientView>;
}

export function recordingCore(answer: (path: string) => unknown): RecordingCore {
  let worker: WorkerHarness | undefined;
  const state: RecordingCore = {
    core: undefined as unknown as WorkerCore,
    sent: [],
    next: answer,
    sentTo: (path) => state.sent.filter((request) => request.path === path),
    signedInView: async () =>
      viewAt([
        logged({ source: 'api', type: 'login', payload: { account: 'a@example.com', user_id: 1 } }),
        ...fromNdjson(await state.core.capture()),
      ]),
  };
  beforeEach(async () => {
    state.sent = [];
    state.next = answer;
    worker = await startWorkerCore(({ path, url, init }) => {
      const headers = init.headers as Record<string, string>;
      state.sent.push({
        path,
        key: headers['Idempotency-Key'],
        body: String(init.body ?? ''),
        query: url.search,
      });
      return state.next(path);
    });
    state.core = worker.core;
    state.core.setCredentials({ token: 'user-token', language: 'en' });
  });
  afterEach(() => worker?.stop());
  return state;
}

/** `/wallet/balances` answering one USDT account of a wallet. */
export function usdtBalance(
  wallet: 'funding' | 'contract' | 'option',
  available: string,
  frozen = '0',
) {
  const total = String(Number(available) + Number(frozen));
  return ok({
    balances: [{ wallet, asset: 'USDT', available, frozen, value_usdt: total }],
    totals: { funding: '0', contract: '0', option: '0', all: total, [wallet]: total },
  });
}
