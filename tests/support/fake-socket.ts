// A WebSocket stand-in the test opens, closes and feeds by hand; it records what the client sent.
import { socketState } from '../../core/socket-policy.ts';
import type { SocketLike } from '../../workers/kernel/market-socket.ts';

export class FakeSocket implements SocketLike {
  readyState: number = socketState.connecting;
  readonly sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: (() => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.readyState !== socketState.open) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    if (this.readyState === socketState.closed) return;
    this.readyState = socketState.closed;
    this.onclose?.();
  }

  // What the server side does:
  serverOpens(): void {
    this.readyState = socketState.open;
    this.onopen?.();
  }

  serverSends(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }

  /** The connection drops: the close event fires. */
  drops(): void {
    this.close();
  }

  /** The connection dies without a close event (as some mobile networks do). */
  diesSilently(): void {
    this.readyState = socketState.closed;
  }
}

/** A factory that remembers every socket it made, newest last. */
export function fakeSockets() {
  const made: FakeSocket[] = [];
  return {
    made,
    create: (url: string) => {
      const socket = new FakeSocket(url);
      made.push(socket);
      return socket;
    },
    get latest(): FakeSocket {
      const socket = made.at(-1);
      if (!socket) throw new Error('no socket was created');
      return socket;
    },
  };
}
