// The door's long-lived sockets of one kind (the market streams, the WebSocket API), kept as
// Binance keeps them: each opening weighs against its address, an address holds a bounded number,
// the server pings every 20 s and drops a client silent for a minute, and every connection is
// closed after a day (the client reconnects).
import type { WebSocket } from 'ws';
import type { Scheduler } from '../../core/scheduler.ts';
import { addressGroup } from '../gateway/client-address.ts';
import { BinanceError, binanceCodes } from './errors.ts';
import { type WeightLimiter, weightRefusal } from './weights.ts';

const pingEveryMs = 20_000;
const silentForMs = 60_000;
const lifetimeMs = 24 * 60 * 60_000;

/** A pooled client: it tells the pool when it has closed (`forget`). */
export interface Pooled {
  close(code: number, reason: string): void;
}

export interface SocketPoolOptions {
  weights: WeightLimiter;
  /** What opening one weighs against the address. */
  openingWeight: number;
  /** Connections of this kind one address may hold: every bot of a trader's, bounded for memory. */
  perAddress: number;
  /** The kind, as a refusal names it: `market stream`. */
  kind: string;
  scheduler: Scheduler;
}

interface Held {
  socket: WebSocket;
  address: string;
  openedAt: number;
  lastPong: number;
}

export class SocketPool<S extends Pooled> {
  readonly #held = new Map<S, Held>();
  readonly #perAddress = new Map<string, number>();
  #timer: unknown;

  constructor(private readonly options: SocketPoolOptions) {}

  /** Why a connection from `ip` is refused before its upgrade (its weight, its address's count). */
  refusal(ip: string): BinanceError | undefined {
    const { weights, openingWeight, perAddress, kind } = this.options;
    const refused = weightRefusal(weights.spend(ip, openingWeight), weights.limit);
    if (refused) return refused;
    if ((this.#perAddress.get(addressGroup(ip)) ?? 0) < perAddress) return undefined;
    return new BinanceError(
      binanceCodes.TOO_MANY_REQUESTS,
      `Too many ${kind} connections from this address; the limit is ${perAddress}.`,
      429,
    );
  }

  add(client: S, socket: WebSocket, ip: string): void {
    const now = this.options.scheduler.now();
    const held = { socket, address: addressGroup(ip), openedAt: now, lastPong: now };
    socket.on('pong', () => {
      held.lastPong = this.options.scheduler.now();
    });
    this.#held.set(client, held);
    this.#perAddress.set(held.address, (this.#perAddress.get(held.address) ?? 0) + 1);
  }

  forget(client: S): void {
    const held = this.#held.get(client);
    if (!held) return;
    this.#held.delete(client);
    const left = (this.#perAddress.get(held.address) ?? 1) - 1;
    if (left > 0) this.#perAddress.set(held.address, left);
    else this.#perAddress.delete(held.address);
  }

  clients(): IterableIterator<S> {
    return this.#held.keys();
  }

  start(): void {
    this.#timer = this.options.scheduler.setInterval(() => this.#ping(), pingEveryMs);
  }

  stop(): void {
    this.options.scheduler.clearInterval(this.#timer);
    for (const client of [...this.#held.keys()]) client.close(1001, 'server stopping');
  }

  #ping(): void {
    const now = this.options.scheduler.now();
    for (const [client, held] of [...this.#held]) {
      if (now - held.openedAt >= lifetimeMs) {
        client.close(1000, 'connection lifetime over');
      } else if (now - held.lastPong > silentForMs) {
        this.forget(client);
        held.socket.terminate();
      } else {
        held.socket.ping();
      }
    }
  }
}
