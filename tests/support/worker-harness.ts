// The worker's core with everything around it faked but its event store (fake IndexedDB): a
// server that answers each request as a test says, sockets that never connect, a manual
// scheduler. For tests of the calls the UI makes through the worker.
// IndexedDB for Node: the store opens the global one, as in the browser.
import 'fake-indexeddb/auto';
import { createWorkerCore, type WorkerCore } from '../../workers/create-core.ts';
import { EventStore } from '../../workers/kernel/event-store.ts';
import { FakeScheduler } from './fake-scheduler.ts';
import { fakeSockets } from './fake-socket.ts';

export interface FakeRequest {
  /** The path under the API base, e.g. `/spot/order`. */
  path: string;
  url: URL;
  init: RequestInit;
}

/** An envelope or a whole Response to answer with, or `offline` to fail like a lost network. */
export type FakeAnswer = unknown;

export interface WorkerHarness {
  core: WorkerCore;
  /** The worker's clock: a test moves it on. */
  scheduler: FakeScheduler;
  stop(): void;
}

let stores = 0;

export async function startWorkerCore(
  answer: (request: FakeRequest) => FakeAnswer,
): Promise<WorkerHarness> {
  const scheduler = new FakeScheduler();
  const store = new EventStore({
    name: `worker-harness-${++stores}`,
    scheduler,
  });
  await store.open();
  const fetch = (async (address: string, init: RequestInit) => {
    const url = new URL(address, 'http://x');
    const reply = answer({ path: url.pathname.replace('/api', ''), url, init });
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return reply instanceof Response ? reply : new Response(JSON.stringify(reply));
  }) as unknown as typeof globalThis.fetch;
  const core = createWorkerCore({
    apiBase: '/api',
    socketUrl: 'ws://x/ws',
    fetch,
    createSocket: fakeSockets().create,
    scheduler,
    store,
    requestFrame: () => {},
  });
  core.connectHost({ toast: () => {}, sessionExpired: () => {} });
  return {
    core,
    scheduler,
    stop() {
      core.stop();
      store.close();
    },
  };
}
