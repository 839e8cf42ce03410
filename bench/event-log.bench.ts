// The event log through Dexie (workers/kernel/event-store.ts) against the same store through idb
// (bench/idb-event-store.ts, the builds before) as the baseline, in the same run on fake-indexeddb
// in Node: writing batches, the start's read of the newest rows, and retention's deletes. Each
// case runs in rounds that alternate which store goes first; the median round is shown. Batched
// writes are also set against one IndexedDB transaction per event. Target: batched at least 10×
// faster than one transaction per event, and Dexie within 1.5× of idb where a user waits (the
// start's read).
// IndexedDB for Node: the stores open the global one, as in the browser.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import type { NewEvent } from '../core/event-log.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { EventStore, type eventStorePolicy } from '../workers/kernel/event-store.ts';
import { restoreLimit } from '../workers/kernel/kernel.ts';
import { realScheduler } from '../workers/kernel/real-scheduler.ts';
import { EventStore as IdbEventStore } from './idb-event-store.ts';
import { markdownTable } from './table.ts';

/** Events written per round, and the log a start reads its newest `restoreLimit` of. */
const count = 20_000;
const rounds = 7;

function frame(i: number): NewEvent {
  const last = `${60000 + i}.5`;
  return {
    source: 'socket',
    type: 'ticker',
    payload: {
      symbol: 'BTCUSDT',
      seq: i,
      ts: i,
      data: {
        last,
        change_pct: '0.50',
        high: last,
        low: '59000',
        volume: '1',
        quote_volume: last,
        index: last,
        stale: false,
        feed: 'simulated',
      },
    },
  };
}

/** What both stores answer to; the idb one is the same class as it was. */
type Store = EventStore | IdbEventStore;
type MakeStore = (
  name: string,
  scheduler: Scheduler,
  policy: Partial<typeof eventStorePolicy>,
) => Store;

const stores: Record<'idb' | 'dexie', MakeStore> = {
  idb: (name, scheduler, policy) => new IdbEventStore({ name, scheduler, policy }),
  dexie: (name, scheduler, policy) => new EventStore({ name, scheduler, policy }),
};

let databases = 0;

/** A log of `count` events kept by `make`, closed, named for the next step to open. */
async function keptLog(make: MakeStore): Promise<string> {
  const name = `log-${++databases}`;
  const store = make(name, realScheduler, {});
  await store.open();
  for (let i = 1; i <= count; i++) store.append(frame(i));
  await store.flush();
  store.close();
  return name;
}

/** Appends `count` events and waits for their batches to be written. */
async function writeInBatches(make: MakeStore): Promise<number> {
  const store = make(`write-${++databases}`, realScheduler, {});
  await store.open();
  const t0 = performance.now();
  for (let i = 1; i <= count; i++) store.append(frame(i));
  await store.flush();
  const ms = performance.now() - t0;
  if ((await store.all()).length !== count) throw new Error('the store lost events');
  store.close();
  return ms;
}

/** One round of each case for one store, in ms. */
const cases: Record<string, (make: MakeStore) => Promise<number>> = {
  [`write ${count.toLocaleString('en')} events in batches of 500`]: writeInBatches,
  [`start: open, read the newest ${restoreLimit.toLocaleString('en')} of ${count.toLocaleString('en')}`]:
    async (make) => {
      const name = await keptLog(make);
      const t0 = performance.now();
      const store = make(name, realScheduler, {});
      await store.open();
      const newest = await store.recent(restoreLimit);
      const ms = performance.now() - t0;
      if (newest.length !== restoreLimit) throw new Error('the start read short');
      store.close();
      return ms;
    },
  [`prune: ${count.toLocaleString('en')} kept, half by age, a quarter more by count`]: async (
    make,
  ) => {
    // The first half written a day and more ago: the age limit drops it, the count limit 5,000 more.
    let now = 1_700_000_000_000;
    const scheduler: Scheduler = { ...realScheduler, now: () => now };
    const name = `prune-${++databases}`;
    const writer = make(name, scheduler, {});
    await writer.open();
    for (let i = 1; i <= count; i++) {
      if (i === count / 2 + 1) now += 25 * 60 * 60 * 1000;
      writer.append(frame(i));
    }
    await writer.flush();
    writer.close();
    const store = make(name, scheduler, { maxEvents: count / 4 });
    await store.open();
    const t0 = performance.now();
    await store.prune();
    const ms = performance.now() - t0;
    if ((await store.all()).length !== count / 4) throw new Error('prune kept the wrong count');
    store.close();
    return ms;
  },
};

async function oneTransactionPerEvent(): Promise<number> {
  const db = await openDB(`naive-${++databases}`, 1, {
    upgrade: (created) =>
      created.createObjectStore('events', { keyPath: 'seq' }).createIndex('at', 'at'),
  });
  const t0 = performance.now();
  for (let i = 1; i <= count; i++) await db.add('events', { ...frame(i), seq: i, at: Date.now() });
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export async function run(): Promise<void> {
  const rows: string[][] = [];
  for (const [name, measure] of Object.entries(cases)) {
    // One of each first, unmeasured: Dexie's module is imported on the first open, and both warm up.
    await measure(stores.idb);
    await measure(stores.dexie);
    const times = { idb: [] as number[], dexie: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? (['dexie', 'idb'] as const) : (['idb', 'dexie'] as const);
      for (const which of order) times[which].push(await measure(stores[which]));
    }
    const idb = median(times.idb);
    const dexie = median(times.dexie);
    rows.push([name, idb.toFixed(1), dexie.toFixed(1), `${(dexie / idb).toFixed(2)}×`]);
  }
  // One transaction per event against Dexie's batches, alternating too; fewer rounds, as it is slow.
  const naiveTimes: number[] = [];
  const batchedTimes: number[] = [];
  for (let round = 0; round < 3; round++) {
    naiveTimes.push(await oneTransactionPerEvent());
    batchedTimes.push(await writeInBatches(stores.dexie));
  }
  const naive = median(naiveTimes);
  const batched = median(batchedTimes);
  const right = { align: 'right' } as const;
  process.stdout.write(
    [
      `Median of ${rounds} rounds each, ms (fake-indexeddb in Node: the libraries' own cost over the same IndexedDB)`,
      '',
      markdownTable(
        [
          { title: 'case' },
          { title: 'idb (baseline)', ...right },
          { title: 'Dexie', ...right },
          { title: 'Dexie ÷ idb', ...right },
        ],
        rows,
      ),
      '',
      `One transaction per event (median of 3): ${naive.toFixed(0)} ms for ${count.toLocaleString('en')} events, Dexie's batches ${batched.toFixed(0)} ms: ${(naive / batched).toFixed(1)}× faster.`,
      '',
    ].join('\n'),
  );
}
