// The on-disk event log: batches, order, numbering across sessions, retention, capture, and the
// logs earlier builds kept (through Dexie at IndexedDB version 10, through idb at 20).
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
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

function request<T>(pending: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    pending.onsuccess = () => resolve(pending.result);
    pending.onerror = () => reject(pending.error);
  });
}

/**
 * A log as an earlier build left it, written with IndexedDB itself: events keyed by `seq` with an
 * index on `at` (the layout every build kept) at `version`, and the writers' database if given.
 */
async function keptLog(
  name: string,
  version: number,
  rows: readonly object[],
  writers: readonly { from: number; writer: string }[] = [],
): Promise<void> {
  const opening = indexedDB.open(name, version);
  opening.onupgradeneeded = () =>
    opening.result.createObjectStore('events', { keyPath: 'seq' }).createIndex('at', 'at');
  const db = await request(opening);
  const write = db.transaction('events', 'readwrite');
  for (const row of rows) write.objectStore('events').put(row);
  await new Promise((resolve, reject) => {
    write.oncomplete = resolve;
    write.onerror = reject;
  });
  db.close();
  if (!writers.length) return;
  const openingWriters = indexedDB.open(`${name}:writers`, 1);
  openingWriters.onupgradeneeded = () =>
    openingWriters.result.createObjectStore('writers', { keyPath: 'from' });
  const writerDb = await request(openingWriters);
  const writeWriters = writerDb.transaction('writers', 'readwrite');
  for (const record of writers) writeWriters.objectStore('writers').put(record);
  await new Promise((resolve, reject) => {
    writeWriters.oncomplete = resolve;
    writeWriters.onerror = reject;
  });
  writerDb.close();
}

/** The IndexedDB version a database is at now, and the names of its stores. */
async function layout(name: string): Promise<{ version: number; stores: string[] }> {
  const db = await request(indexedDB.open(name));
  const found = { version: db.version, stores: [...db.objectStoreNames] };
  db.close();
  return found;
}

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

  it('opens a log a Dexie-era build kept (IndexedDB version 10) with its events', async () => {
    const name = `events-${++dbCount}`;
    const kept = [7, 8, 9].map((seq) => ({ ...tick, seq, at: 1_000 + seq }));
    await keptLog(name, 10, kept);
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler, name);
    await store.open();
    expect(store.append(tick).seq).toBe(10);
    expect(await store.recent(2)).toEqual([kept[2], expect.objectContaining({ seq: 10 })]);
    expect((await store.all()).map((event) => event.seq)).toEqual([7, 8, 9, 10]);
    // Upgraded to the version the idb builds opened at, so going back to one of them still works.
    expect(await layout(name)).toEqual({ version: 20, stores: ['events'] });
  });

  it('opens a log an idb build kept (IndexedDB version 20) as it is', async () => {
    const name = `events-${++dbCount}`;
    const kept = [1, 2, 3].map((seq) => ({ ...tick, seq, at: 1_000 + seq }));
    // Row 4 in a shape no event has, from the idb build's own stretch of the log.
    const odd = { seq: 4, at: 1_004, source: 'socket', type: 'open', payload: 1 };
    await keptLog(name, 20, [...kept, odd], [{ from: 1, writer: 'idb-build' }]);
    const scheduler = new FakeScheduler();
    const store = newStore(scheduler, name, {}, 'dexie-build');
    await store.open();
    const own = store.append(tick);
    expect(own.seq).toBe(5);
    // Another build's rows are checked: the odd one is left out, the others read as they were.
    expect(await store.recent(10)).toEqual([...kept, own]);
    expect(await layout(name)).toEqual({ version: 20, stores: ['events'] });
    expect(await layout(`${name}:writers`)).toEqual({ version: 1, stores: ['writers'] });
  });

  it('prunes and reads a log an idb build kept through its `at` index', async () => {
    const name = `events-${++dbCount}`;
    const scheduler = new FakeScheduler();
    const now = scheduler.now();
    const kept = [1, 2, 3, 4].map((seq) => ({ ...tick, seq, at: now - (5 - seq) * 60_000 }));
    await keptLog(name, 20, kept);
    const store = newStore(scheduler, name, { maxAgeMs: 150_000 });
    await store.open();
    await store.prune();
    expect((await store.all()).map((event) => event.seq)).toEqual([3, 4]);
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

  it('keeps exactly the newest events within both limits, however they fall', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        async (gaps, maxEvents) => {
          const scheduler = new FakeScheduler();
          const store = newStore(scheduler, undefined, { maxEvents, maxAgeMs: 120_000 });
          await store.open();
          const appended = gaps.map((gap) => {
            scheduler.advance(gap);
            return store.append(tick);
          });
          await store.flush();
          await store.prune();
          const young = appended.filter((event) => event.at >= scheduler.now() - 120_000);
          expect(await store.all()).toEqual(young.slice(-maxEvents));
          expect(await store.recent(5)).toEqual(young.slice(-maxEvents).slice(-5));
          store.close();
        },
      ),
      { numRuns: 40 },
    );
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
