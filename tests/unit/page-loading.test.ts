// Page loading (docs/product.md §9): a page whose code has not arrived in 60 s fails with the
// time-out view.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageTimeoutError, pageLoading, withPageTimeout } from '../../src/routes/page-loading.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withPageTimeout', () => {
  it('hands over a page that arrives in time', async () => {
    const load = withPageTimeout(() => Promise.resolve({ Page: 'page' }));
    await expect(load()).resolves.toEqual({ Page: 'page' });
  });

  it('gives up after 60 s with the time-out error', async () => {
    const load = withPageTimeout(() => new Promise<never>(() => {}));
    const outcome = load().catch((error: unknown) => error);
    vi.advanceTimersByTime(pageLoading.pageTimeoutMs - 1);
    await Promise.resolve();
    vi.advanceTimersByTime(1);
    expect(await outcome).toBeInstanceOf(PageTimeoutError);
  });

  it('passes a failed chunk on as it is', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    const load = withPageTimeout(() => Promise.reject(failure));
    await expect(load()).rejects.toBe(failure);
  });

  it('waits 200 ms before the loading view and gives up on a page before the chunk limit', () => {
    expect(pageLoading.showLoadingAfterMs).toBe(200);
    expect(pageLoading.pageTimeoutMs).toBeLessThan(pageLoading.chunkTimeoutMs);
  });
});
