// The worker's API client against the envelope rules of docs/product.md §6–§7, with a recorded fake
// fetch.
import { beforeEach, describe, expect, it } from 'vitest';
import { login, logout } from '../../schemas/api/account.schema.ts';
import { logo, uploadImage } from '../../schemas/api/content.schema.ts';
import { ApiClient, type ApiFailure, requestTimeoutMs } from '../../workers/kernel/api-client.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[];
let answer: () => Promise<Response>;
let toasts: string[];
/** The field each toast was said to be about, beside it. */
let toastFields: (string | undefined)[];
let expired: string[];
let token: string | null;
let scheduler: FakeScheduler;
let client: ApiClient;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers }));

beforeEach(() => {
  sent = [];
  toasts = [];
  toastFields = [];
  expired = [];
  token = null;
  scheduler = new FakeScheduler();
  answer = () =>
    json({ code: 200, msg: 'Success', data: { name: 'Meridian', head_logo: '/logo.svg' } });
  const fakeFetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body,
    });
    return new Promise<Response>((resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      answer().then(resolve, reject);
    });
  }) as unknown as typeof fetch;
  client = new ApiClient({
    baseUrl: '/api',
    fetch: fakeFetch,
    scheduler,
    credentials: () => ({ token, language: 'bl' }),
    toast: (message, field) => {
      toasts.push(message);
      toastFields.push(field);
    },
    sessionExpired: (how, message) => expired.push(`${how}: ${message}`),
  });
});

async function failureOf(promise: Promise<unknown>): Promise<ApiFailure> {
  try {
    await promise;
  } catch (error) {
    return (error as { failure: ApiFailure }).failure;
  }
  throw new Error('the call succeeded');
}

describe('ApiClient', () => {
  it('answers the data of a successful envelope, sending Lang and no token when logged out', async () => {
    expect(await client.call(logo, {})).toEqual({ name: 'Meridian', head_logo: '/logo.svg' });
    expect(sent[0]).toMatchObject({
      url: '/api/index/logo',
      method: 'GET',
      headers: { Lang: 'bl' },
    });
    expect(sent[0]?.headers.Authorization).toBeUndefined();
  });

  it('sends a POST form-encoded with the bearer token', async () => {
    token = 'abc';
    answer = () => json({ code: 200, msg: 'ok', data: null });
    await client.call(logout, {});
    await client.call(login, { account: 'a@b.co', password: 'x y&z' }).catch(() => {});
    expect(sent[0]?.headers.Authorization).toBe('Bearer abc');
    const body = sent[1]?.body as URLSearchParams;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.toString()).toBe('account=a%40b.co&password=x+y%26z');
  });

  it('uploads as multipart', async () => {
    answer = () => json({ code: 200, msg: 'ok', data: { url: '/u/1' } });
    await client.call(uploadImage, { file: new Uint8Array([1]) });
    expect(sent[0]?.body).toBeInstanceOf(FormData);
  });

  it('rejects a non-200 HTTP status with the body and no toast', async () => {
    answer = () => json({ code: 1040, msg: 'Not found', data: null }, 404);
    expect(await failureOf(client.call(logo, {}))).toEqual({
      kind: 'http',
      status: 404,
      body: { code: 1040, msg: 'Not found', data: null },
    });
    expect(toasts).toEqual([]);
  });

  it('toasts the server message of a business error and rejects', async () => {
    answer = () => json({ code: 1022, msg: 'Wrong account or password', data: null });
    expect(await failureOf(client.call(logo, {}))).toEqual({
      kind: 'business',
      code: 1022,
      msg: 'Wrong account or password',
    });
    expect(toasts).toEqual(['Wrong account or password']);
    expect(expired).toEqual([]);
  });

  it('hands on the field a refusal is about, so a form showing that field can say it there', async () => {
    const refusal = { code: 1105, msg: 'This is not a valid address', data: null };
    answer = () => json({ ...refusal, field: 'address' });
    expect(await failureOf(client.call(login, { account: 'a@b.co', password: 'x' }))).toEqual({
      kind: 'business',
      code: 1105,
      msg: 'This is not a valid address',
      field: 'address',
    });
    expect(toastFields).toEqual(['address']);
    // A field the wire schemas do not know is no field.
    answer = () => json({ ...refusal, field: 'nonsense' });
    expect(await failureOf(client.call(logo, {}))).not.toHaveProperty('field');
    expect(toastFields).toEqual(['address', undefined]);
  });

  it('does not toast a refusal the page says itself', async () => {
    answer = () => json({ code: 1320, msg: 'This article does not exist', data: null });
    const failure = await failureOf(client.call(logo, {}, {}, { toastRefusal: false }));
    expect(failure).toMatchObject({ kind: 'business', msg: 'This article does not exist' });
    expect(toasts).toEqual([]);
  });

  it("on code 999 logs out with the server's words and rejects; an upload only goes to login", async () => {
    answer = () => json({ code: 999, msg: 'Login timeout, please log in again', data: null });
    expect((await failureOf(client.call(logo, {}))).kind).toBe('session');
    await failureOf(client.call(uploadImage, { file: new Uint8Array([1]) }));
    // The login page shows the words; they are not toasted as well.
    expect(toasts).toEqual([]);
    expect(expired).toEqual([
      'logout: Login timeout, please log in again',
      'navigate: Login timeout, please log in again',
    ]);
  });

  it('rejects a network failure with nothing to show', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await failureOf(client.call(logo, {}))).toEqual({ kind: 'network' });
    expect(toasts).toEqual([]);
  });

  it('gives up after 60 000 ms', async () => {
    answer = () => new Promise<Response>(() => {});
    const pending = failureOf(client.call(logo, {}));
    scheduler.advance(requestTimeoutMs - 1);
    await Promise.resolve();
    scheduler.advance(1);
    expect(await pending).toEqual({ kind: 'network' });
  });

  it('refuses data its response schema does not allow', async () => {
    answer = () => json({ code: 200, msg: 'ok', data: { name: 7 } });
    expect((await failureOf(client.call(logo, {}))).kind).toBe('unexpected_answer');
  });
});
