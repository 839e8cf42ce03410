// Worker ingest: ticker frames parsed, checked, logged and folded per second by the worker's core,
// against bare JSON.parse of the same frames (the floor any client pays), with the check alone by
// the zod schemas and by the hand-written guards beside it, in one run.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { frameEventBySchema } from '../core/events.ts';
import { frameEvent } from '../core/frame-event.ts';
import { readServerFrame } from '../core/frame-guards.ts';
import { serverFrameSchema } from '../schemas/socket.schema.ts';
import { fakeSockets } from '../tests/support/fake-socket.ts';
import { createWorkerCore } from '../workers/create-core.ts';
import { EventStore } from '../workers/kernel/event-store.ts';
import { realScheduler } from '../workers/kernel/real-scheduler.ts';
import { tickerSymbols as symbols } from './browser/flood.ts';

const count = 100_000;
function frames(): string[] {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      channel: `ticker.${symbols[i % symbols.length]}`,
      seq: i + 1,
      ts: 1_700_000_000_000 + i,
      data: {
        last: `${60000 + (i % 1000)}.12345678`,
        change_pct: '1.25',
        high: '61000.5',
        low: '59000.25',
        volume: '1234.5',
        quote_volume: '74070000.5',
        index: `${60000 + (i % 1000)}.1`,
        stale: false,
        feed: 'simulated',
      },
    }),
  );
}

export async function run(): Promise<void> {
  const raw = frames();

  let sink = 0;
  const t0 = performance.now();
  for (const frame of raw) sink += (JSON.parse(frame) as { seq: number }).seq;
  const parseMs = performance.now() - t0;
  if (sink === 0) throw new Error('nothing parsed');

  // The check alone, by the schemas (as before) and by hand (as now), on the same frames.
  // Each timed three times, taking turns, the best kept: both warmed up alike.
  const timeCheck = (check: (value: unknown) => unknown) => {
    const started = performance.now();
    let accepted = 0;
    for (const frame of raw) if (check(JSON.parse(frame))) accepted++;
    if (accepted !== count) throw new Error(`only ${accepted} of ${count} frames accepted`);
    return performance.now() - started;
  };
  const bySchema = (value: unknown) => {
    const frame = serverFrameSchema.safeParse(value);
    return frame.success && !('op' in frame.data) && frameEventBySchema(frame.data);
  };
  const byHand = (value: unknown) => {
    const frame = readServerFrame(value);
    return frame && !('op' in frame) && frameEvent(frame, {});
  };
  let bySchemaMs = Number.POSITIVE_INFINITY;
  let byHandMs = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    bySchemaMs = Math.min(bySchemaMs, timeCheck(bySchema));
    byHandMs = Math.min(byHandMs, timeCheck(byHand));
  }

  const sockets = fakeSockets();
  const store = new EventStore({
    name: 'ingest-bench',
    scheduler: realScheduler,
  });
  await store.open();
  let updates = 0;
  const core = createWorkerCore({
    apiBase: '/api',
    socketUrl: 'ws://bench/ws',
    fetch: (() => Promise.reject(new Error('no network in the benchmark'))) as typeof fetch,
    createSocket: sockets.create,
    scheduler: realScheduler,
    store,
    requestFrame: (draw) => setTimeout(draw, 16),
  });
  core.watch('market', () => updates++);
  core.start();
  sockets.latest.serverOpens();
  const t1 = performance.now();
  for (const frame of raw) sockets.latest.serverSends(frame);
  const ingestMs = performance.now() - t1;
  await store.flush();
  const storedMs = performance.now() - t1;
  await new Promise((resolve) => setTimeout(resolve, 40));
  core.stop();
  store.close();

  const rate = (ms: number) => ((count / ms) * 1000).toFixed(0);
  process.stdout.write(
    [
      `${count.toLocaleString('en')} ticker frames over 8 markets, one burst`,
      '',
      '| stage | ms | frames/s | vs JSON.parse |',
      '|---|---:|---:|---:|',
      `| JSON.parse only (baseline) | ${parseMs.toFixed(0)} | ${rate(parseMs)} | 1.0× |`,
      `| parse + check by the schemas (zod) | ${bySchemaMs.toFixed(0)} | ${rate(bySchemaMs)} | ${(parseMs / bySchemaMs).toFixed(2)}× |`,
      `| parse + check by hand (the app) | ${byHandMs.toFixed(0)} | ${rate(byHandMs)} | ${(parseMs / byHandMs).toFixed(2)}× |`,
      `| parse + check + log + fold | ${ingestMs.toFixed(0)} | ${rate(ingestMs)} | ${(parseMs / ingestMs).toFixed(2)}× |`,
      `| … and the log written (fake-indexeddb) | ${storedMs.toFixed(0)} | ${rate(storedMs)} | ${(parseMs / storedMs).toFixed(2)}× |`,
      '',
      `UI updates sent for the whole burst: ${updates} (one per frame, not one per message).`,
      '',
    ].join('\n'),
  );
}
