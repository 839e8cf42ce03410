// A client process of the fan-out benchmark: holds a share of the subscribers, each subscribed
// to the given channels, and counts what they receive.
import type { Socket } from 'node:net';
import { clientFrame, openCountingSocket, type Tally } from './counting-socket.ts';
import { serve } from './ipc.ts';
import type { ClientRequest, Counters } from './messages.ts';

/** Handshakes in flight at once: more overflows the listen queue and stalls on SYN retries. */
const connecting = 64;

const tally: Tally = { frames: 0, bytes: 0, refusals: 0 };
let sockets: Socket[] = [];
let closed = 0;

async function connectAll(port: number, count: number, channels: string[]): Promise<number> {
  const subscribe = clientFrame(JSON.stringify({ op: 'sub', channels }));
  let next = 0;
  let failed = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      try {
        sockets.push(await openCountingSocket(port, subscribe, tally, () => closed++));
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(connecting, count) }, lane));
  return failed;
}

async function disconnectAll(): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.destroyed) return resolve();
          socket.once('close', () => resolve());
          socket.destroy();
        }),
    ),
  );
  sockets = [];
  closed = 0;
}

serve<ClientRequest>(async (request) => {
  switch (request.op) {
    case 'connect':
      return connectAll(request.port, request.count, request.channels);
    case 'counters':
      return {
        ...tally,
        open: sockets.length - closed,
        closed,
      } satisfies Counters;
    case 'disconnect':
      await disconnectAll();
      return null;
  }
});
process.send?.({ ready: true });
