// A new version of the app is offered, not forced: nothing happens until the reload is tapped.
import { describe, expect, it, vi } from 'vitest';
import { AppUpdate } from '../../src/pwa/app-update.ts';

describe('app update', () => {
  it('has nothing to apply until a new version is waiting', async () => {
    const update = new AppUpdate();
    expect(update.ready()).toBe(false);
    await expect(update.apply()).resolves.toBeUndefined();
  });

  it('tells the shell when a version is waiting and switches only when applied', async () => {
    const update = new AppUpdate();
    const shown = vi.fn();
    update.subscribe(shown);
    const switchVersion = vi.fn(() => Promise.resolve());
    update.offer(switchVersion);
    expect(update.ready()).toBe(true);
    expect(shown).toHaveBeenCalledOnce();
    expect(switchVersion).not.toHaveBeenCalled();
    await update.apply();
    expect(switchVersion).toHaveBeenCalledOnce();
  });

  it('stops telling a listener that unsubscribed', () => {
    const update = new AppUpdate();
    const shown = vi.fn();
    update.subscribe(shown)();
    update.offer(() => Promise.resolve());
    expect(shown).not.toHaveBeenCalled();
  });
});
