// The on-disk event log: batches, order, numbering across sessions, retention, capture.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { fromNdjson } from '../../core/event-log.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

let stores: EventStore[] = [];
let dbCount = 0;

function newStore(
  scheduler: FakeScheduler,
  name = `events-${++dbCount}`,
  policy = {},
  writer: string | null = null,
) {
  const store = new EventStore({ name, scheduler, policy, writer });
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores) store.close();
  stores = [];
});

const tick = { source: 'socket', type: 'close', payload: null } as const;

describe('EventStore', () => {
  it('numbers events in order and stores them on flush', async () => {
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler);
    await store.open();
    const first = store.append(tick);
    scheduler.advance(10);
    const second = store.append({
      source: 'api',
      type: 'login',
      payload: { account: 'a', user_id: 12345678 },
    });
    expect([first.seq, second.seq]).toEqual([1, 2]);
    expect(second.at - first.at).toBe(10);
    expect(await store.all()).toEqual([first, second]);
  });

  it('opens a log kept by an earlier build (IndexedDB version 10) with its events', async () => {
    const name = `events-${++dbCount}`;
    const kept = { ...tick, seq: 7, at: 1_000 };
    // The store as Dexie laid it out: version 10, events keyed by `seq`, an index on `at`.
    const earlier = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, 10);
      request.onupgradeneeded = () =>
        request.result.createObjectStore('events', { keyPath: 'seq' }).createIndex('at', 'at');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise((resolve, reject) => {
      const write = earlier.transaction('events', 'readwrite');
      write.objectStore('events').put(kept);
      write.oncomplete = resolve;
      write.onerror = reject;
    });
    earlier.close();
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler, name);
    await store.open();
    expect(store.append(tick).seq).toBe(8);
    expect((await store.all()).map((event) => event.seq)).toEqual([7, 8]);
  });

  it('writes a batch by itself after its delay or when full', async () => {
    const scheduler = new FakeScheduler();
    const name = `events-${++dbCount}`;
    const store = newStore(scheduler, name, { batchSize: 3, flushDelayMs: 250 });
    const reader = newStore(scheduler, name);
    await store.open();
    await reader.open();
    store.append(tick);
    store.append(tick);
    expect(await reader.all()).toHaveLength(0);
    store.append(tick);
    await store.flush();
    expect(await reader.all()).toHaveLength(3);
    store.append(tick);
    scheduler.advance(250);
    await store.flush();
    expect(await reader.all()).toHaveLength(4);
  });

  it('continues the numbering of a log kept from an earlier session', async () => {
    const scheduler = new FakeScheduler();
    const name = `events-${++dbCount}`;
    const before = newStore(scheduler, name);
    await before.open();
    before.append(tick);
    before.append(tick);
    await before.flush();
    const after = newStore(scheduler, name);
    await after.open();
    expect(after.append(tick).seq).toBe(3);
  });

  it('keeps the log within its age and count limits', async () => {
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler, undefined, { maxEvents: 5, maxAgeMs: 60_000 });
    await store.open();
    for (let i = 0; i < 4; i++) store.append(tick);
    scheduler.advance(120_000);
    for (let i = 0; i < 8; i++) store.append(tick);
    await store.flush();
    await store.prune();
    expect((await store.all()).map((e) => e.seq)).toEqual([8, 9, 10, 11, 12]);
  });

  it('captures the log as NDJSON that reads back to the same events', async () => {
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler);
    await store.open();
    store.append(tick);
    store.append({ source: 'socket', type: 'open', payload: null });
    const events = await store.all();
    expect(fromNdjson(await store.capture())).toEqual(events);
  });

  it('reads its own rows back as written, and checks those another build wrote', async () => {
    const scheduler = new FakeScheduler();
    const name = `events-${++dbCount}`;
    const first = newStore(scheduler, name, {}, 'build-a');
    await first.open();
    first.append(tick);
    first.append(tick);
    await first.flush();
    first.close();
    // A row in a shape no event has, as if build-a had once written it.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise((resolve, reject) => {
      const write = db.transaction('events', 'readwrite');
      write
        .objectStore('events')
        .put({ seq: 3, at: 3, source: 'socket', type: 'open', payload: 1 });
      write.oncomplete = resolve;
      write.onerror = reject;
    });
    db.close();

    const again = newStore(scheduler, name, {}, 'build-a');
    await again.open();
    expect((await again.recent(10)).map((event) => event.seq)).toEqual([1, 2, 3]);
    again.close();

    const next = newStore(scheduler, name, {}, 'build-b');
    await next.open();
    const own = next.append(tick);
    expect(await next.recent(10)).toEqual([
      expect.objectContaining({ seq: 1 }),
      expect.objectContaining({ seq: 2 }),
      own,
    ]);
    // Without a name for its build, a reader checks every row.
    const unnamed = newStore(scheduler, name);
    await unnamed.open();
    expect((await unnamed.all()).map((event) => event.seq)).toEqual([1, 2, 4]);
  });
});
