// The API client of the worker: the wire contract's calls with the headers and envelope rules of
// docs/product.md §6–§7. It never touches the DOM: toasts and the logout redirect are callbacks to
// the host.
import type { z } from 'zod/mini';
import type { FailureKind } from '../../core/kernel/events.ts';
import {
  backoffMs,
  isRetryableStatus,
  pauseAfter,
  readRetryPolicy,
} from '../../core/retry-policy.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Endpoint } from '../../schemas/endpoint.ts';
import { sessionExpiredCode } from '../../schemas/errors.ts';
import { type FieldName, isFieldName } from '../../schemas/fields.ts';
import type { Language } from '../../schemas/languages.ts';

export const requestTimeoutMs = 60_000;

export type ApiFailure =
  /** HTTP status other than 200: rejected with the body, no toast. */
  | { kind: 'http'; status: number; body: unknown }
  /**
   * Body code other than 200: the server's message was handed to the host to toast; `field` is the
   * request field it is about, when the server named one (a form shows it under that field).
   */
  | { kind: 'business'; code: number; msg: string; field?: FieldName }
  /** Code 999: the session is over; the host was told to log out. */
  | { kind: 'session'; msg: string }
  /** No answer (offline, refused, timed out): rejected with nothing else. */
  | { kind: 'network' }
  /** An answer that is not an envelope, or whose data does not match the endpoint's response schema. */
  | { kind: 'unexpected_answer'; issue: string };

// The log records a failure by its kind: exactly these.
const sameKinds: [ApiFailure['kind']] extends [FailureKind]
  ? [FailureKind] extends [ApiFailure['kind']]
    ? true
    : never
  : never = true;
void sameKinds;

export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(failure.kind);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** The API's base, e.g. `/api` or `https://host/api`. */
  baseUrl: string;
  fetch: typeof fetch;
  scheduler: Scheduler;
  /** Read at each call: the token and language the UI thread last passed in. */
  credentials(): { token: string | null; language: Language };
  /** `field`: the request field a refusal is about, so the host may leave it to the form. */
  toast(message: string, field?: FieldName): void;
  /**
   * 999: log out and clear storage, then go to /login; for an upload only go to /login. `message`
   * is the server's, which the login page shows (so it is not toasted as well).
   */
  sessionExpired(how: 'logout' | 'navigate', message: string): void;
  /** Draws in [0, 1) for the retries' random waits; `Math.random` unless a test sets it. */
  random?: () => number;
}

/** How one call is made beyond its endpoint and input. */
export interface CallOptions {
  /**
   * False when the page says a refusal itself, in place of what it would have shown (an article
   * that does not exist): then it is not toasted as well.
   */
  toastRefusal?: boolean;
}

type Input<E extends Endpoint> = z.input<E['request']>;
type Output<E extends Endpoint> = z.output<E['response']>;

/** What one try of a call sends. */
interface Request {
  url: string;
  init: RequestInit;
}

/** An answer as read: its status and its body, JSON where it parses. */
interface Answer {
  status: number;
  payload: unknown;
}

export class ApiClient {
  /** Reads on their way, by what makes two alike (URL with query, headers, toasting): shared. */
  readonly #reading = new Map<string, Promise<unknown>>();
  /** Until when (the scheduler's time) the server asked to be left alone (a 429, a 503). */
  #quietUntil = 0;
  /** The answer that asked for the pause: what a call refused during the pause answers. */
  #refusal: Answer = { status: 429, payload: null };

  constructor(private readonly options: ApiClientOptions) {}

  /**
   * `extraHeaders` carry what one call needs beyond the usual ones (an `Idempotency-Key`).
   * A read (GET) alike to one on its way shares its answer; during a pause it waits the pause
   * out, and after a 429 or 5xx it is asked again, a few times, after a growing random wait
   * (core/retry-policy.ts). Any other call is sent once per call, never merged nor re-sent, and
   * is refused at once during a pause: it may move money, and only the user may try it again.
   */
  async call<E extends Endpoint>(
    endpoint: E,
    input: Input<E>,
    extraHeaders: Readonly<Record<string, string>> = {},
    options: CallOptions = {},
  ): Promise<Output<E>> {
    const request = () => this.#request(endpoint, input, extraHeaders);
    if (endpoint.method !== 'GET') {
      if (this.#quietRemaining() > 0) throw this.#refused();
      return this.#answer(endpoint, await this.#exchange(request()), options);
    }
    const first = request();
    const key = JSON.stringify([first.url, first.init.headers, options.toastRefusal !== false]);
    const shared = this.#reading.get(key);
    if (shared) return shared as Promise<Output<E>>;
    const reading = this.#read(request).then((answer) => this.#answer(endpoint, answer, options));
    this.#reading.set(key, reading);
    const done = () => this.#reading.delete(key);
    reading.then(done, done);
    return reading;
  }

  /** A read's tries: the pause waited out before each, a retryable answer tried again. */
  async #read(request: () => Request): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      // Without a pause the request goes at once, in the caller's own turn. During one it waits
      // the pause out, and a random moment more so that the reads held back do not all go at
      // once; a pause longer than a read would wait for its answer refuses it.
      for (let left = this.#quietRemaining(); left > 0; left = this.#quietRemaining()) {
        if (left > requestTimeoutMs) throw this.#refused();
        await this.#sleep(left + this.#backoff(0));
      }
      // Built at each try: a read that waited sends the token and language of now.
      const answer = await this.#exchange(request());
      if (attempt >= readRetryPolicy.retries || !isRetryableStatus(answer.status)) return answer;
      await this.#sleep(this.#backoff(attempt));
    }
  }

  #backoff(attempt: number): number {
    return backoffMs(attempt, this.options.random ?? Math.random, readRetryPolicy);
  }

  #quietRemaining(): number {
    return this.#quietUntil - this.options.scheduler.now();
  }

  #refused(): ApiError {
    const { status, payload } = this.#refusal;
    return new ApiError({ kind: 'http', status, body: payload });
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.options.scheduler.setTimeout(resolve, ms));
  }

  #request<E extends Endpoint>(
    endpoint: E,
    input: Input<E>,
    extraHeaders: Readonly<Record<string, string>>,
  ): Request {
    const { token, language } = this.options.credentials();
    const headers: Record<string, string> = { ...extraHeaders, Lang: language };
    if (token) headers.Authorization = `Bearer ${token}`;
    const fields = Object.entries(input as Record<string, unknown>).filter(
      ([, value]) => value !== undefined,
    );
    let url = `${this.options.baseUrl}${endpoint.path}`;
    let body: BodyInit | null = null;
    if (endpoint.method === 'GET') {
      const query = new URLSearchParams(fields.map(([k, v]) => [k, String(v)])).toString();
      if (query) url += `?${query}`;
    } else if (endpoint.upload) {
      const form = new FormData();
      for (const [key, value] of fields) form.append(key, asFormValue(value));
      body = form;
    } else if (
      fields.some(([, value]) => typeof value === 'boolean' || typeof value === 'object')
    ) {
      // A nested value (a passkey's WebAuthn answer) or a boolean (a switch) has no form encoding
      // the server reads back: the body goes as JSON.
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(Object.fromEntries(fields));
    } else {
      // Form-encoded by default (docs/product.md §6); fetch sets the content type from the body.
      body = new URLSearchParams(fields.map(([k, v]) => [k, String(v)]));
    }
    return { url, init: { method: endpoint.method, headers, body } };
  }

  /** One try: sent, read, and a pause the answer asks for noted before anything else is sent. */
  async #exchange(request: Request): Promise<Answer> {
    const response = await this.#fetchWithTimeout(request.url, request.init);
    const { status } = response;
    const now = this.options.scheduler.now();
    const pause = pauseAfter(status, response.headers.get('retry-after'), now, readRetryPolicy);
    if (pause !== null) this.#quietUntil = Math.max(this.#quietUntil, now + pause);
    const answer = { status, payload: await readJson(response) };
    if (pause !== null) this.#refusal = answer;
    return answer;
  }

  /** The envelope rules of docs/product.md §7 on an answer. */
  #answer<E extends Endpoint>(endpoint: E, answer: Answer, options: CallOptions): Output<E> {
    const { status, payload } = answer;
    if (status !== 200) throw new ApiError({ kind: 'http', status, body: payload });

    const envelope = payload as
      | { code?: unknown; msg?: unknown; data?: unknown; field?: unknown }
      | undefined;
    if (typeof envelope?.code !== 'number') {
      throw new ApiError({ kind: 'unexpected_answer', issue: 'answer is not an envelope' });
    }
    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (envelope.code === sessionExpiredCode) {
      this.options.sessionExpired(endpoint.upload ? 'navigate' : 'logout', msg);
      throw new ApiError({ kind: 'session', msg });
    }
    if (envelope.code !== 200) {
      const field =
        typeof envelope.field === 'string' && isFieldName(envelope.field)
          ? envelope.field
          : undefined;
      if (field === undefined) {
        if (options.toastRefusal !== false) this.options.toast(msg);
        throw new ApiError({ kind: 'business', code: envelope.code, msg });
      }
      if (options.toastRefusal !== false) this.options.toast(msg, field);
      throw new ApiError({ kind: 'business', code: envelope.code, msg, field });
    }
    const data = endpoint.response.safeParse(envelope.data);
    if (!data.success) {
      // The schemas' small build carries no message texts: the path and the code say what broke.
      const issue = data.error.issues[0];
      throw new ApiError({
        kind: 'unexpected_answer',
        issue: issue ? `${issue.path.join('.') || 'data'}: ${issue.code}` : 'invalid data',
      });
    }
    return data.data as Output<E>;
  }

  async #fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
    const controller = new AbortController();
    const { scheduler } = this.options;
    const timer = scheduler.setTimeout(() => controller.abort(), requestTimeoutMs);
    try {
      return await this.options.fetch(url, { ...init, signal: controller.signal });
    } catch {
      throw new ApiError({ kind: 'network' });
    } finally {
      scheduler.clearTimeout(timer);
    }
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function asFormValue(value: unknown): string | Blob {
  if (value instanceof Blob) return value;
  if (value instanceof Uint8Array) return new Blob([value.slice()]);
  return String(value);
}
