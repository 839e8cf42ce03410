// The real worker core, fed by the synthetic flood instead of the network.
import * as Comlink from 'comlink';
import { EventStore } from '../../workers/event-store.ts';
import { realScheduler } from '../../workers/real-scheduler.ts';
import { WorkerCore } from '../../workers/worker-core.ts';
import { floodSocket } from './flood.ts';

const store = new EventStore({ name: 'ingest-bench', scheduler: realScheduler });
const core = new WorkerCore({
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
