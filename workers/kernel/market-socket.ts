// The market socket: one connection that reconnects by itself, answers the server's `pong` with a
// `ping`, queues what is sent while closed, and restores subscriptions and auth on every open.

import { readServerFrame } from '../../core/frame-guards.ts';
import type { SocketProblem } from '../../core/kernel/events.ts';
import { Outbox } from '../../core/outbox.ts';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import { socketPolicy, socketState } from '../../core/socket-policy.ts';
import type { ClientFrame, DataFrame } from '../../schemas/socket.schema.ts';

export type { SocketProblem };

/** The part of a WebSocket this class uses, so tests can hand in a fake one. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
  onclose: (() => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface MarketSocketOptions {
  /** Read on every connect, so the URL can carry the current language. */
  url: string | (() => string);
  createSocket: SocketFactory;
  scheduler: Scheduler;
  /** A data frame; its channel's schema is checked by whoever reads it. */
  onFrame(frame: DataFrame): void;
  onProblem(problem: SocketProblem): void;
  onOpenChange(open: boolean): void;
}

export class MarketSocket {
  readonly #options: MarketSocketOptions;
  readonly #outbox = new Outbox<ClientFrame>();
  readonly #channels = new Set<string>();
  #token: string | null = null;
  #socket: SocketLike | undefined;
  #reconnectTimer: TimerHandle | undefined;
  #connectTimer: TimerHandle | undefined;
  #healthTimer: TimerHandle | undefined;
  #running = false;

  constructor(options: MarketSocketOptions) {
    this.#options = options;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#connect();
    this.#healthTimer = this.#options.scheduler.setInterval(
      () => this.#checkHealth(),
      socketPolicy.healthCheckMs,
    );
  }

  stop(): void {
    this.#running = false;
    const { scheduler } = this.#options;
    scheduler.clearInterval(this.#healthTimer);
    scheduler.clearTimeout(this.#reconnectTimer);
    scheduler.clearTimeout(this.#connectTimer);
    this.#reconnectTimer = undefined;
    const socket = this.#socket;
    this.#socket = undefined;
    socket?.close();
  }

  get isOpen(): boolean {
    return this.#socket?.readyState === socketState.open;
  }

  /** Sends now when open; otherwise queues, to be sent in order on the next open. */
  send(frame: ClientFrame): void {
    const socket = this.#socket;
    if (socket && socket.readyState === socketState.open) socket.send(JSON.stringify(frame));
    else this.#outbox.enqueue(frame);
  }

  /** Subscriptions are state, not messages: they are sent again on every open. */
  subscribe(channels: string[]): void {
    const fresh = channels.filter((channel) => !this.#channels.has(channel));
    for (const channel of fresh) this.#channels.add(channel);
    if (fresh.length && this.isOpen) this.#sendNow({ op: 'sub', channels: fresh });
  }

  /** Subscribes again to channels already held: the server answers with a fresh snapshot. */
  refresh(channels: string[]): void {
    const held = channels.filter((channel) => this.#channels.has(channel));
    if (held.length && this.isOpen) this.#sendNow({ op: 'sub', channels: held });
  }

  unsubscribe(channels: string[]): void {
    const known = channels.filter((channel) => this.#channels.delete(channel));
    if (known.length && this.isOpen) this.#sendNow({ op: 'unsub', channels: known });
  }

  /** The token for private channels, sent now and on every open; null after logout. */
  authenticate(token: string | null): void {
    this.#token = token;
    if (token && this.isOpen) this.#sendNow({ op: 'auth', token });
  }

  #sendNow(frame: ClientFrame): void {
    this.#socket?.send(JSON.stringify(frame));
  }

  #connect(): void {
    const { scheduler } = this.#options;
    this.#reconnectTimer = undefined;
    const { url } = this.#options;
    const socket = this.#options.createSocket(typeof url === 'string' ? url : url());
    this.#socket = socket;
    const current = () => this.#socket === socket;
    this.#connectTimer = scheduler.setTimeout(() => {
      if (current() && socket.readyState !== socketState.open) this.#abandon(socket);
    }, socketPolicy.connectTimeoutMs);

    socket.onopen = () => {
      if (!current()) return;
      scheduler.clearTimeout(this.#connectTimer);
      if (this.#token) this.#sendNow({ op: 'auth', token: this.#token });
      if (this.#channels.size) this.#sendNow({ op: 'sub', channels: [...this.#channels] });
      for (const frame of this.#outbox.drain()) this.#sendNow(frame);
      this.#options.onOpenChange(true);
    };
    socket.onmessage = (event) => {
      if (current()) this.#receive(event.data);
    };
    socket.onerror = () => {
      if (current()) this.#options.onProblem({ kind: 'socket' });
    };
    socket.onclose = () => {
      if (!current()) return;
      this.#options.onOpenChange(false);
      this.#scheduleReconnect();
    };
  }

  /** Gives up on a socket that never opened or never reported its close. */
  #abandon(socket: SocketLike): void {
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    socket.close();
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (!this.#running || this.#reconnectTimer !== undefined) return;
    this.#reconnectTimer = this.#options.scheduler.setTimeout(
      () => this.#connect(),
      socketPolicy.reconnectDelayMs,
    );
  }

  /** Every second: a socket that is closing or closed, with no reconnect under way, is replaced. */
  #checkHealth(): void {
    const socket = this.#socket;
    if (!this.#running || this.#reconnectTimer !== undefined || !socket) return;
    if (socket.readyState === socketState.closing || socket.readyState === socketState.closed) {
      this.#options.scheduler.clearTimeout(this.#connectTimer);
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      this.#connect();
    }
  }

  #receive(data: unknown): void {
    const raw = typeof data === 'string' ? data : String(data);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      this.#options.onProblem({ kind: 'parse', raw: raw.slice(0, 200) });
      return;
    }
    const value = readServerFrame(parsed);
    if (!value) {
      this.#options.onProblem({ kind: 'parse', raw: raw.slice(0, 200) });
      return;
    }
    if ('op' in value) {
      if (value.op === 'pong') this.send({ op: 'ping' });
      else this.#options.onProblem({ kind: 'server', msg: value.msg });
      return;
    }
    this.#options.onFrame(value);
  }
}
