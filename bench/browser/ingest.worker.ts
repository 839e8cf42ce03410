// The real worker core, fed by the synthetic flood instead of the network.
import * as Comlink from 'comlink';
import { createWorkerCore } from '../../workers/create-core.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { realScheduler } from '../../workers/kernel/real-scheduler.ts';
import { floodSocket } from './flood.ts';

const store = new EventStore({ name: 'ingest-bench', scheduler: realScheduler });
const core = createWorkerCore({
  apiBase: '/api',
  socketUrl: 'ws://flood',
  fetch: () => Promise.reject(new Error('no network in the benchmark')),
  // The page names the worker after the flood's rate.
  createSocket: () => floodSocket(Number(self.name) || 2000),
  scheduler: realScheduler,
  store,
  requestFrame: (run) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16),
});
void store.open().then(() => core.start());
Comlink.expose(core);
