// The door's key cache (server/binance/key-cache.ts): a key is read from the database once while its
// entry holds, read again once it lapses, forgotten at once when any node says it was deleted, and
// an unknown key is never kept (each guess meets the database).
import { describe, expect, it } from 'vitest';
import { KeyCache, publishRevokedKey } from '../../server/binance/key-cache.ts';
import type { DoorKey } from '../../server/binance/signed-request.ts';
import { LocalBus } from '../../server/bus/local-bus.ts';

const silent = { warn: () => undefined };

function key(apiKey: string): DoorKey {
  return { id: 1, userId: 7, apiKey, secret: 's', scopes: new Set(['read']), ipAllowlist: [] };
}

function cacheOver(live: Set<string>) {
  const bus = new LocalBus();
  let now = 0;
  const reads: string[] = [];
  const cache = new KeyCache({
    resolve: async (apiKey) => {
      reads.push(apiKey);
      return live.has(apiKey) ? key(apiKey) : null;
    },
    bus,
    log: silent,
    now: () => now,
    ttlMs: 1_000,
    maxKeys: 2,
  });
  cache.start();
  return { bus, cache, reads, advance: (ms: number) => (now += ms) };
}

describe('the door key cache', () => {
  it('reads a live key once while its entry holds, and again after it lapses', async () => {
    const { cache, reads, advance } = cacheOver(new Set(['A']));
    expect((await cache.resolve('A'))?.apiKey).toBe('A');
    advance(999);
    expect((await cache.resolve('A'))?.apiKey).toBe('A');
    expect(reads).toEqual(['A']);
    advance(1);
    await cache.resolve('A');
    expect(reads).toEqual(['A', 'A']);
  });

  it('forgets a key at once when its deletion is published', async () => {
    const live = new Set(['A']);
    const { bus, cache, reads } = cacheOver(live);
    await cache.resolve('A');
    live.delete('A');
    publishRevokedKey(bus, 'A');
    expect(await cache.resolve('A')).toBeNull();
    expect(reads).toEqual(['A', 'A']);
  });

  it('never keeps an unknown key, and keeps at most its bound', async () => {
    const { cache, reads } = cacheOver(new Set(['A', 'B', 'C']));
    await cache.resolve('X');
    await cache.resolve('X');
    expect(reads).toEqual(['X', 'X']);
    for (const name of ['A', 'B', 'C', 'B', 'C']) await cache.resolve(name);
    // A was dropped for C; B and C are still kept.
    expect(reads).toEqual(['X', 'X', 'A', 'B', 'C']);
    await cache.resolve('A');
    expect(reads.at(-1)).toBe('A');
  });
});
