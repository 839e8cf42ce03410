// A client of the door's user data stream (`/ws/<listenKey>`): keeps every event it receives, in
// order, lets a test wait for one, and tells how the server ended the connection.
import WebSocket from 'ws';
import { randomClientAddress } from './api-client.ts';

export class DoorStream {
  readonly events: Record<string, unknown>[] = [];
  readonly socket: WebSocket;
  /** Resolves when the connection is open; rejects with the HTTP status when it is refused. */
  readonly opened: Promise<void>;
  /** The close code the server ended with. */
  readonly closed: Promise<number>;
  #waiters = new Set<() => void>();

  constructor(serverUrl: string, path: string) {
    this.socket = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}${path}`, {
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`refused with HTTP ${response.statusCode}`)),
      );
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
    this.socket.on('message', (data) => {
      this.events.push(JSON.parse(String(data)));
      for (const wake of this.#waiters) wake();
    });
  }

  /** The first event `matches` accepts, once it has come. */
  async next(
    matches: (event: Record<string, unknown>) => boolean,
  ): Promise<Record<string, unknown>> {
    for (;;) {
      const found = this.events.find(matches);
      if (found) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#waiters.delete(wake);
          resolve();
        };
        this.#waiters.add(wake);
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}
