// Pull-down refresh on the market lists: the route's reload runs the mounted list's refresh and
// lasts as long as it does.
import { describe, expect, it } from 'vitest';
import { registerRefresh, runRefresh } from '../../src/routes/pull-refresh.ts';

describe('pull-down refresh', () => {
  it("runs the refresh registered for the page's path, and waits for it", async () => {
    let release = () => {};
    let calls = 0;
    const unregister = registerRefresh('/pages/spot/index', () => {
      calls++;
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    let done = false;
    const running = runRefresh('/pages/spot/index').then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(calls).toBe(1);
    expect(done).toBe(false);
    release();
    await running;
    expect(done).toBe(true);
    unregister();
  });

  it('does nothing for a page without a refresh, or after the page left', async () => {
    let calls = 0;
    const unregister = registerRefresh('/pages/option/index', async () => {
      calls++;
    });
    await runRefresh('/pages/contract/index');
    unregister();
    await runRefresh('/pages/option/index');
    expect(calls).toBe(0);
  });

  it('keeps a newer page registration when an older one is removed', async () => {
    let calls = 0;
    const removeOld = registerRefresh('/pages/spot/index', async () => {});
    const removeNew = registerRefresh('/pages/spot/index', async () => {
      calls++;
    });
    removeOld();
    await runRefresh('/pages/spot/index');
    expect(calls).toBe(1);
    removeNew();
  });

  it('leaves a failed refresh to the page instead of failing the route', async () => {
    const unregister = registerRefresh('/pages/spot/index', () =>
      Promise.reject(new Error('offline')),
    );
    await expect(runRefresh('/pages/spot/index')).resolves.toBeUndefined();
    unregister();
  });
});
