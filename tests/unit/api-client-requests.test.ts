// How the worker's API client spares the server: alike reads on their way share one request, a
// money-moving call is never merged nor re-sent, a 429's `Retry-After` silences every call until
// it has passed, and a read refused for load is asked again after a bounded random wait. On a
// simulated clock with a recorded fake fetch; the random draws are the test's.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { readRetryPolicy } from '../../core/retry-policy.ts';
import { cancelContractOrder } from '../../schemas/api/contract.schema.ts';
import { contractFills } from '../../schemas/api/contract-records.schema.ts';
import { ApiClient, type ApiFailure } from '../../workers/kernel/api-client.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';
import { startWorkerCore } from '../support/worker-harness.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The scheduler's time it was sent at. */
  at: number;
}

interface Harness {
  client: ApiClient;
  scheduler: FakeScheduler;
  sent: Sent[];
  /** Answers the oldest request still waiting for its answer. */
  reply(status: number, body?: unknown, headers?: Record<string, string>): void;
  waiting(): number;
  credentials: { token: string | null; language: 'en' | 'de' };
  /** The next random draws, used up in order; 0 once they run out. */
  draws: number[];
}

const emptyPage = { code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, size: 20 } };
const tooMany = { code: 1045, msg: 'Too many requests', data: null };

function harness(): Harness {
  const scheduler = new FakeScheduler();
  const sent: Sent[] = [];
  const pending: ((response: Response) => void)[] = [];
  const credentials: Harness['credentials'] = { token: 'tok', language: 'en' };
  const draws: number[] = [];
  const fakeFetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      at: scheduler.now(),
    });
    return new Promise<Response>((resolve) => pending.push(resolve));
  }) as unknown as typeof fetch;
  const client = new ApiClient({
    baseUrl: '/api',
    fetch: fakeFetch,
    scheduler,
    credentials: () => credentials,
    toast: () => {},
    sessionExpired: () => {},
    random: () => draws.shift() ?? 0,
  });
  return {
    client,
    scheduler,
    sent,
    credentials,
    draws,
    reply(status, body = emptyPage, headers = {}) {
      const resolve = pending.shift();
      if (!resolve) throw new Error('no request is waiting for an answer');
      resolve(new Response(JSON.stringify(body), { status, headers }));
    },
    waiting: () => pending.length,
  };
}

/** Lets every answer given so far be read and handed on (they go through real streams). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Lets what was answered run, moves the simulated clock on, then lets what that woke run. */
async function advance(h: Harness, ms: number): Promise<void> {
  await settle();
  h.scheduler.advance(ms);
  await settle();
}

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    return (error as { failure: ApiFailure }).failure;
  }
  throw new Error('the call succeeded');
}

const keyed = (key: string) => ({ 'Idempotency-Key': key });

let h: Harness;
beforeEach(() => {
  h = harness();
});

describe('reads on their way', () => {
  it('share one request among alike reads, and each caller gets its answer', async () => {
    const first = h.client.call(contractFills, { page: '1' });
    const second = h.client.call(contractFills, { page: '1' });
    await settle();
    expect(h.sent).toHaveLength(1);
    h.reply(200);
    expect(await first).toEqual(emptyPage.data);
    expect(await second).toEqual(emptyPage.data);
  });

  it('are asked again once answered: sharing is no cache', async () => {
    const first = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(200);
    await first;
    const again = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(200);
    await again;
    expect(h.sent).toHaveLength(2);
  });

  it('are not shared across a different query, token or language', async () => {
    void h.client.call(contractFills, { page: '1' });
    void h.client.call(contractFills, { page: '2' });
    h.credentials.token = 'other';
    void h.client.call(contractFills, { page: '1' });
    h.credentials.language = 'de';
    void h.client.call(contractFills, { page: '1' });
    await settle();
    expect(h.sent.map((sent) => [sent.url, sent.headers.Authorization, sent.headers.Lang])).toEqual(
      [
        ['/api/contract/fills?page=1', 'Bearer tok', 'en'],
        ['/api/contract/fills?page=2', 'Bearer tok', 'en'],
        ['/api/contract/fills?page=1', 'Bearer other', 'en'],
        ['/api/contract/fills?page=1', 'Bearer other', 'de'],
      ],
    );
  });
});

describe('money-moving calls', () => {
  it('are never merged: two alike cancels are two requests, each with its own key', async () => {
    void h.client.call(cancelContractOrder, { order_id: '7' }, keyed('k1')).catch(() => {});
    void h.client.call(cancelContractOrder, { order_id: '7' }, keyed('k2')).catch(() => {});
    await settle();
    expect(h.sent.map((sent) => sent.headers['Idempotency-Key'])).toEqual(['k1', 'k2']);
  });

  it('are never sent again by the client after a 429 or a 5xx', async () => {
    const refused = h.client.call(cancelContractOrder, { order_id: '7' }, keyed('k1'));
    await settle();
    h.reply(503, { code: 500, msg: 'Server error', data: null });
    expect(await failureOf(refused)).toMatchObject({ kind: 'http', status: 503 });
    await advance(h, 600_000);
    expect(h.sent).toHaveLength(1);
  });
});

describe("a 429's Retry-After", () => {
  it('silences the client until it has passed: a read waits, a money-moving call is refused at once', async () => {
    const read = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(429, tooMany, { 'Retry-After': '2' });
    await settle();
    // A money-moving call in the pause answers the server's refusal without asking the server.
    const cancel = h.client.call(cancelContractOrder, { order_id: '7' }, keyed('k1'));
    expect(await failureOf(cancel)).toEqual({ kind: 'http', status: 429, body: tooMany });
    const otherRead = h.client.call(contractFills, { page: '2' });
    await advance(h, 1_999);
    expect(h.sent).toHaveLength(1);
    // The draws are 0: no random wait on top, both reads go the moment the pause ends.
    await advance(h, 1);
    const start = h.sent[0]?.at ?? 0;
    expect(h.sent.map((sent) => [sent.url, sent.at - start]).sort()).toEqual([
      ['/api/contract/fills?page=1', 0],
      ['/api/contract/fills?page=1', 2_000],
      ['/api/contract/fills?page=2', 2_000],
    ]);
    h.reply(200);
    h.reply(200);
    expect(await read).toEqual(emptyPage.data);
    expect(await otherRead).toEqual(emptyPage.data);
  });

  it('is honoured on a 503 too, which then is what a call in the pause answers', async () => {
    const unavailable = { code: 500, msg: 'Unavailable', data: null };
    const read = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(503, unavailable, { 'Retry-After': '3' });
    await settle();
    const cancel = h.client.call(cancelContractOrder, { order_id: '7' }, keyed('k1'));
    expect(await failureOf(cancel)).toEqual({ kind: 'http', status: 503, body: unavailable });
    await advance(h, 2_999);
    expect(h.sent).toHaveLength(1);
    await advance(h, 1);
    expect(h.sent).toHaveLength(2);
    h.reply(200);
    expect(await read).toEqual(emptyPage.data);
  });

  it('refuses a read at once when the pause is longer than a read waits for its answer', async () => {
    const read = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(429, tooMany, { 'Retry-After': '120' });
    await settle();
    const later = h.client.call(contractFills, { page: '3' });
    expect(await failureOf(later)).toEqual({ kind: 'http', status: 429, body: tooMany });
    expect(h.sent).toHaveLength(1);
    void read.catch(() => {});
  });

  it('gives a read up after its last try, with the refusal as the server said it', async () => {
    const failure = failureOf(h.client.call(contractFills, { page: '1' }));
    for (let i = 0; i <= readRetryPolicy.retries; i++) {
      await settle();
      h.reply(429, tooMany, { 'Retry-After': '1' });
      await advance(h, 1_000 + readRetryPolicy.capMs);
    }
    expect(await failure).toEqual({ kind: 'http', status: 429, body: tooMany });
    expect(h.sent).toHaveLength(readRetryPolicy.retries + 1);
    expect(h.waiting()).toBe(0);
  });

  it('is honoured whatever the jitter drawn: no try before it has passed, and one soon after', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 }),
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 4,
          maxLength: 4,
        }),
        async (seconds, draws) => {
          const t = harness();
          t.draws.push(...draws);
          const read = t.client.call(contractFills, { page: '1' });
          await settle();
          t.reply(429, tooMany, { 'Retry-After': String(seconds) });
          await settle();
          if (seconds > 0) {
            await advance(t, seconds * 1000 - 1);
            expect(t.sent).toHaveLength(1);
          }
          // Then it goes within the pause's end, the retry's first backoff step and the random
          // wait after a pause (each under one base step).
          await advance(t, 2 * readRetryPolicy.baseMs + 1);
          expect(t.sent).toHaveLength(2);
          t.reply(200);
          expect(await read).toEqual(emptyPage.data);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('a read refused for load', () => {
  it('is asked again after a 5xx, a bounded number of times, each after a growing random wait', async () => {
    // Draws near 1: each wait is as long as its step allows, 499 ms then 999 ms.
    h.draws.push(0.999, 0.999);
    const read = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(502, { code: 500, msg: 'Bad gateway', data: null });
    await advance(h, readRetryPolicy.baseMs - 2);
    expect(h.sent).toHaveLength(1);
    await advance(h, 1);
    expect(h.sent).toHaveLength(2);
    h.reply(500, { code: 500, msg: 'Server error', data: null });
    await advance(h, readRetryPolicy.baseMs * 2 - 2);
    expect(h.sent).toHaveLength(2);
    await advance(h, 1);
    expect(h.sent).toHaveLength(3);
    h.reply(503, { code: 500, msg: 'Unavailable', data: null });
    expect(await failureOf(read)).toMatchObject({ kind: 'http', status: 503 });
    await advance(h, 600_000);
    expect(h.sent).toHaveLength(readRetryPolicy.retries + 1);
  });

  it('is not asked again for an answer that is no load problem', async () => {
    const read = h.client.call(contractFills, { page: '1' });
    await settle();
    h.reply(404, { code: 1040, msg: 'Not found', data: null });
    expect(await failureOf(read)).toMatchObject({ kind: 'http', status: 404 });
    await advance(h, 600_000);
    expect(h.sent).toHaveLength(1);
  });
});

describe('a money-moving intent during a pause, through the worker', () => {
  it("is refused without being sent, and the user's retry after the pause sends the first key", async () => {
    const sentKeys: (string | undefined)[] = [];
    let status = 429;
    const worker = await startWorkerCore(({ path, init }) => {
      if (path === '/spot/markets') return { code: 200, msg: 'ok', data: { list: [] } };
      sentKeys.push((init.headers as Record<string, string>)['Idempotency-Key']);
      return status === 429
        ? new Response(JSON.stringify(tooMany), { status, headers: { 'Retry-After': '5' } })
        : {
            code: 200,
            msg: 'ok',
            data: { reference: 'r', from: 'funding', to: 'contract', asset: 'USDT', amount: '5' },
          };
    });
    try {
      const transfer = () =>
        worker.core.transfer({ from: 'funding', to: 'contract', asset: 'USDT', amount: '5' });
      expect(await transfer()).toMatchObject({ ok: false, failure: { kind: 'http', status: 429 } });
      // Tapped again within the pause: refused by the client, the server never asked.
      expect(await transfer()).toMatchObject({ ok: false, failure: { kind: 'http', status: 429 } });
      expect(sentKeys).toHaveLength(1);
      status = 200;
      worker.scheduler.advance(5_000);
      expect(await transfer()).toMatchObject({ ok: true });
      expect(sentKeys).toHaveLength(2);
      expect(sentKeys[1]).toBe(sentKeys[0]);
    } finally {
      worker.stop();
    }
  });
});
