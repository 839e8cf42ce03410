// A `ws` client of the socket at `/ws` that keeps every frame it receives, in order, and lets a
// test wait for one. Like the API client, it comes from an address of its own (the servers tests
// start trust loopback proxies), so a file's many clients are not one address's crowd.
import WebSocket from 'ws';
import { randomClientAddress } from './api-client.ts';

export interface Frame {
  op?: string;
  code?: number;
  msg?: string;
  channel?: string;
  seq?: number;
  ts?: number;
  data?: unknown;
}

export class SocketClient {
  readonly frames: Frame[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<void>;
  #waiters = new Set<() => void>();

  /** Every client made, so a test file can close them all at the end. */
  static readonly open: SocketClient[] = [];

  constructor(serverUrl: string, query = '') {
    this.socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/ws${query}`, {
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve()));
    // A socket error ends in a close; the test looks at the close.
    this.socket.on('error', () => {});
    this.socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.#waiters) wake();
    });
    SocketClient.open.push(this);
  }

  static async connect(serverUrl: string, query = ''): Promise<SocketClient> {
    const client = new SocketClient(serverUrl, query);
    await client.opened;
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  subscribe(channels: readonly string[]): void {
    for (let i = 0; i < channels.length; i += 50) {
      this.send({ op: 'sub', channels: channels.slice(i, i + 50) });
    }
  }

  get isClosed(): boolean {
    return this.socket.readyState === WebSocket.CLOSED;
  }

  on(channel: string, from = 0): Frame[] {
    return this.frames.slice(from).filter((frame) => frame.channel === channel && !frame.op);
  }

  errors(from = 0): Frame[] {
    return this.frames.slice(from).filter((frame) => frame.op === 'error');
  }

  /** Resolves once `done` holds for the frames received so far; fails after the deadline. */
  until(done: (frames: Frame[]) => boolean, what: string, deadlineMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!done(this.frames)) return;
        this.#waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`gave up waiting for ${what}; last frames: ${this.#tail()}`));
      }, deadlineMs);
      this.#waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket.terminate();
  }

  #tail(): string {
    return JSON.stringify(this.frames.slice(-3)).slice(0, 500);
  }
}
