// The real worker core, fed by the synthetic flood instead of the network.
import * as Comlink from 'comlink';
import type { Scheduler } from '../../core/scheduler.ts';
import { EventStore } from '../../workers/event-store.ts';
import { WorkerCore } from '../../workers/worker-core.ts';
import { floodSocket } from './flood.ts';

const scheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as number),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as number),
};

const store = new EventStore({ name: 'ingest-bench', scheduler });
const core = new WorkerCore({
  apiBase: '/api',
  socketUrl: 'ws://flood',
  fetch: () => Promise.reject(new Error('no network in the benchmark')),
  // The page names the worker after the flood's rate.
  createSocket: () => floodSocket(Number(self.name) || 2000),
  scheduler,
  store,
  requestFrame: (run) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16),
});
void store.open().then(() => core.start());
Comlink.expose(core);
