// When the client may ask the server again: which answers are worth another try, how long to wait
// first (exponential backoff with full jitter), and how long a `Retry-After` says to keep quiet.
// Pure: the clock's time and the random draw are parameters, so the policy is tested without waiting.

export interface RetryPolicy {
  /** Tries after the first; a read is asked at most `retries + 1` times. */
  retries: number;
  /** The first retry's ceiling; each further one doubles it. */
  baseMs: number;
  /** No wait drawn is longer than this, however many tries came before. */
  capMs: number;
  /** A `Retry-After` longer than this is taken as this: a broken header never silences the app. */
  maxPauseMs: number;
}

/**
 * The reads' policy: two more tries, the first within half a second, none drawn above 8 s; the
 * server's own `Retry-After` (at most its rate window, a minute) is obeyed up to five minutes.
 */
export const readRetryPolicy: RetryPolicy = {
  retries: 2,
  baseMs: 500,
  capMs: 8_000,
  maxPauseMs: 300_000,
};

/** An answer a read may be asked again for: too many requests, or the server's own failure. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/**
 * The wait before retry number `attempt` (0 for the first retry): "full jitter", a uniform draw
 * in [0, min(cap, base · 2^attempt)), so clients refused together do not come back together.
 * `random` answers in [0, 1) like `Math.random`.
 */
export function backoffMs(attempt: number, random: () => number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
  // A source that answers 1 (or out of range) still lands inside the step.
  return Math.floor(Math.max(0, Math.min(random(), 1 - Number.EPSILON)) * ceiling);
}

/**
 * How long a `Retry-After` header asks the client to wait, in ms from `now`: delay-seconds
 * (`120`) or an HTTP date (RFC 9110 §10.2.3). Null when absent or unreadable; a date in the past
 * is no wait; a wait longer than the policy's `maxPauseMs` is cut to it.
 */
export function retryAfterMs(
  header: string | null | undefined,
  now: number,
  policy: RetryPolicy,
): number | null {
  const text = header?.trim();
  if (!text) return null;
  let wait: number;
  if (/^\d+$/.test(text)) {
    wait = Number(text) * 1000;
  } else {
    // An HTTP date names its day or month in letters; a bare number with a sign is no date.
    const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
    if (Number.isNaN(at)) return null;
    wait = at - now;
  }
  return Math.min(Math.max(wait, 0), policy.maxPauseMs);
}

/**
 * The pause an answer imposes on every further call: a 429 always (its `Retry-After`, else the
 * first backoff step's ceiling, so a server that forgot the header is still left alone a moment),
 * a 503 only when it says how long; none otherwise. In ms from the answer.
 */
export function pauseAfter(
  status: number,
  retryAfter: string | null | undefined,
  now: number,
  policy: RetryPolicy,
): number | null {
  const asked = retryAfterMs(retryAfter, now, policy);
  if (status === 429) return asked ?? policy.baseMs;
  if (status === 503) return asked;
  return null;
}
