// Entry of the Web Worker: builds the core on the browser's real parts and exposes it with Comlink.
import * as Comlink from 'comlink';
import { createWorkerCore } from './create-core.ts';
import type { CoreFacade } from './facade.ts';
import { EventStore } from './kernel/event-store.ts';
import type { SocketLike } from './kernel/market-socket.ts';
import { realScheduler } from './kernel/real-scheduler.ts';

const origin = self.location.origin;

async function startCore(): Promise<CoreFacade> {
  const store = new EventStore({
    name: 'meridian-events',
    scheduler: realScheduler,
    onWriteError: (error) => console.warn('event log batch not written', error),
    // The worker's file is named by a hash of its code and of the files it loads, so a build
    // reads its own rows back unchecked; a development server's is not a build.
    writer: import.meta.env.PROD ? new URL(import.meta.url).pathname : null,
  });
  await store.open();
  const core = createWorkerCore({
    apiBase: `${origin}/api`,
    socketUrl: `${origin.replace(/^http/, 'ws')}/ws`,
    fetch: (input, init) => fetch(input, init),
    // The DOM types its handlers with an event argument; SocketLike's handlers ignore it.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    scheduler: realScheduler,
    store,
    // Dedicated workers have requestAnimationFrame in Chromium and Firefox; a timer elsewhere.
    requestFrame: (run) =>
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame(run)
        : setTimeout(run, 16),
  });
  await core.restore();
  core.start();
  return core;
}

const ready = startCore();

// Exposed at once so no message from the UI is missed; each call waits until the core is ready.
const facade = new Proxy({} as CoreFacade, {
  get:
    (_target, name: string) =>
    (...args: unknown[]) =>
      ready.then((core) =>
        (core[name as keyof CoreFacade] as (...a: unknown[]) => unknown)(...args),
      ),
});

Comlink.expose(facade);
