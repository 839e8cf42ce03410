// The client's retry policy: full-jitter backoff stays within its step and its cap whatever the
// draw, `Retry-After` is read in both of its forms and never silences the app for long, and only
// load problems are retried.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  isRetryableStatus,
  pauseAfter,
  type RetryPolicy,
  readRetryPolicy,
  retryAfterMs,
} from '../../core/retry-policy.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const draw = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const policies = fc
  .record({
    retries: fc.integer({ min: 0, max: 5 }),
    baseMs: fc.integer({ min: 1, max: 5_000 }),
    capMs: fc.integer({ min: 1, max: 60_000 }),
    maxPauseMs: fc.integer({ min: 1, max: 600_000 }),
  })
  .filter((policy: RetryPolicy) => policy.capMs >= policy.baseMs);

describe('backoffMs', () => {
  it('draws a whole wait in [0, min(cap, base · 2^attempt)) for any draw and attempt', () => {
    fc.assert(
      fc.property(policies, fc.integer({ min: 0, max: 60 }), draw, (policy, attempt, random) => {
        const wait = backoffMs(attempt, () => random, policy);
        const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
        expect(Number.isInteger(wait)).toBe(true);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(wait).toBeLessThan(Math.max(ceiling, 1));
        expect(wait).toBeLessThanOrEqual(policy.capMs);
      }),
    );
  });

  it('spreads the waits over the whole step: the draw decides, linearly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), draw, draw, (attempt, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(backoffMs(attempt, () => low, readRetryPolicy)).toBeLessThanOrEqual(
          backoffMs(attempt, () => high, readRetryPolicy),
        );
      }),
    );
    expect(backoffMs(0, () => 0, readRetryPolicy)).toBe(0);
    expect(backoffMs(0, () => 0.999, readRetryPolicy)).toBe(499);
    expect(backoffMs(1, () => 0.999, readRetryPolicy)).toBe(999);
    expect(backoffMs(10, () => 0.999, readRetryPolicy)).toBe(7_992);
  });

  it('stays in range for a random source that misbehaves', () => {
    expect(backoffMs(0, () => 1, readRetryPolicy)).toBe(499);
    expect(backoffMs(0, () => -3, readRetryPolicy)).toBe(0);
  });
});

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('120', now, readRetryPolicy)).toBe(120_000);
    expect(retryAfterMs(' 0 ', now, readRetryPolicy)).toBe(0);
    expect(retryAfterMs('Sun, 01 Mar 2026 12:00:30 GMT', now, readRetryPolicy)).toBe(30_000);
    // A date already past asks for no wait.
    expect(retryAfterMs('Sun, 01 Mar 2026 11:00:00 GMT', now, readRetryPolicy)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    for (const header of [null, undefined, '', '  ', 'soon', '-5', '1.5']) {
      expect(retryAfterMs(header, now, readRetryPolicy), String(header)).toBeNull();
    }
  });

  it('never asks for more than the policy allows, however large the header', () => {
    fc.assert(
      fc.property(policies, fc.nat(), (policy, seconds) => {
        const wait = retryAfterMs(String(seconds), now, policy);
        expect(wait).toBe(Math.min(seconds * 1000, policy.maxPauseMs));
      }),
    );
  });
});

describe('which answers pause and which are retried', () => {
  it('pauses after every 429 (half a second without a header) and after a 503 that says how long', () => {
    expect(pauseAfter(429, '7', now, readRetryPolicy)).toBe(7_000);
    expect(pauseAfter(429, null, now, readRetryPolicy)).toBe(readRetryPolicy.baseMs);
    expect(pauseAfter(503, '3', now, readRetryPolicy)).toBe(3_000);
    expect(pauseAfter(503, null, now, readRetryPolicy)).toBeNull();
    expect(pauseAfter(500, '3', now, readRetryPolicy)).toBeNull();
    expect(pauseAfter(200, '3', now, readRetryPolicy)).toBeNull();
  });

  it('retries a read after 429 and 5xx only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), (status) => {
        expect(isRetryableStatus(status)).toBe(status === 429 || status >= 500);
      }),
    );
  });
});
