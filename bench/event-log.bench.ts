// Event log writes: batched (EventStore) against one IndexedDB transaction per event, same events,
// same run, on fake-indexeddb in Node. Target: batched at least 10× faster.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import type { NewEvent } from '../core/event-log.ts';
import { EventStore } from '../workers/kernel/event-store.ts';
import { realScheduler } from '../workers/kernel/real-scheduler.ts';

const count = 5_000;
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

async function oneTransactionPerEvent(): Promise<number> {
  const db = await openDB('naive-events', 1, {
    upgrade: (created) =>
      created.createObjectStore('events', { keyPath: 'seq' }).createIndex('at', 'at'),
  });
  const t0 = performance.now();
  for (let i = 1; i <= count; i++) await db.add('events', { ...frame(i), seq: i, at: Date.now() });
  const ms = performance.now() - t0;
  db.close();
  return ms;
}

async function batched(): Promise<number> {
  const store = new EventStore({ name: 'batched-events', scheduler: realScheduler });
  await store.open();
  const t0 = performance.now();
  for (let i = 1; i <= count; i++) store.append(frame(i));
  await store.flush();
  const ms = performance.now() - t0;
  if ((await store.all()).length !== count) throw new Error('batched store lost events');
  store.close();
  return ms;
}

export async function run(): Promise<void> {
  const naive = await oneTransactionPerEvent();
  const ours = await batched();
  const rate = (ms: number) => ((count / ms) * 1000).toFixed(0);
  process.stdout.write(
    [
      `${count.toLocaleString('en')} ticker events written (the batched log is then read back and counted)`,
      '',
      '| writer | ms | events/s | speed-up |',
      '|---|---:|---:|---:|',
      `| one transaction per event (baseline) | ${naive.toFixed(0)} | ${rate(naive)} | 1.0× |`,
      `| EventStore, batches of 500 | ${ours.toFixed(0)} | ${rate(ours)} | ${(naive / ours).toFixed(1)}× |`,
      '',
    ].join('\n'),
  );
}
