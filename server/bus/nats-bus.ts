// The bus over NATS (`NATS_URL`), for several nodes. Core NATS, not JetStream: what must survive a
// restart is in PostgreSQL (orders, balances, the sequence numbers of the books), and a message
// lost in a reconnect shows as a sequence gap that a socket client heals with a snapshot, as it
// does on one node (docs/operations.md § "Running several nodes"). Requests go to a queue group,
// so one server answers each, on whichever node serves the subject.
import { type Codec, connect, ErrorCode, JSONCodec, type NatsConnection } from 'nats';
import {
  type Bus,
  BusFailure,
  type BusHealth,
  BusNoServer,
  BusTimeout,
  type MessageHandler,
  type RequestHandler,
} from './bus.ts';
import { replyIn, replyOf, unwrapReply } from './replies.ts';

/** Every node's servers of a subject share this group: NATS hands each request to one of them. */
const servers = 'servers';

export interface NatsBusOptions {
  url: string;
  /** This node, as the broker lists its clients. */
  name: string;
  log: { warn(details: object, message: string): void };
}

/** The NATS client's error code, on the errors it raises (`NatsError`); none on anything else. */
function natsCodeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

export class NatsBus implements Bus {
  readonly kind = 'nats' as const;
  readonly #codec: Codec<unknown> = JSONCodec();

  private constructor(
    private readonly connection: NatsConnection,
    private readonly log: NatsBusOptions['log'],
  ) {}

  /** Connects; rejects when the broker does not answer. Reconnects by itself afterwards, forever. */
  static async connect(options: NatsBusOptions): Promise<NatsBus> {
    const connection = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
    return new NatsBus(connection, options.log);
  }

  publish(subject: string, message: unknown): void {
    if (this.connection.isClosed()) return;
    this.connection.publish(subject, this.#codec.encode(message));
  }

  subscribe(subject: string, handler: MessageHandler): () => void {
    return this.#listen(subject, undefined, (data, on) => handler(this.#codec.decode(data), on));
  }

  /** A request that is not JSON is refused to its sender, like any handler's failure. */
  #decodeRequest(data: Uint8Array): { message: unknown } | { failed: string } {
    try {
      return { message: this.#codec.decode(data) };
    } catch {
      return { failed: 'malformed request: not JSON' };
    }
  }

  serve(subject: string, handler: RequestHandler): () => void {
    return this.#listen(subject, servers, (data, on, respond) => {
      const request = this.#decodeRequest(data);
      if ('failed' in request) {
        respond(this.#codec.encode(request));
        return;
      }
      void replyOf(handler, request.message, on).then((reply) =>
        respond(this.#codec.encode(reply)),
      );
    });
  }

  async request(subject: string, message: unknown, timeoutMs: number): Promise<unknown> {
    try {
      const answer = await this.connection.request(subject, this.#codec.encode(message), {
        timeout: timeoutMs,
      });
      return unwrapReply(replyIn(this.#decodeReply(answer.data)));
    } catch (error) {
      const code = natsCodeOf(error);
      if (code === ErrorCode.NoResponders) throw new BusNoServer(subject);
      if (code === ErrorCode.Timeout) throw new BusTimeout(subject);
      if (error instanceof Error && !code) throw error;
      throw new BusFailure(`${subject}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** An answer that is not JSON reads as a malformed reply: a `BusFailure` to the requester. */
  #decodeReply(data: Uint8Array): unknown {
    try {
      return this.#codec.decode(data);
    } catch {
      return undefined;
    }
  }

  async health(): Promise<BusHealth> {
    const base = { kind: this.kind, server: this.connection.getServer() };
    if (this.connection.isClosed()) return { ...base, connected: false };
    try {
      return { ...base, connected: true, rttMs: await this.connection.rtt() };
    } catch {
      return { ...base, connected: false };
    }
  }

  async close(): Promise<void> {
    if (this.connection.isClosed()) return;
    // Drain: what was published is flushed and what arrived is handled before the connection ends.
    await this.connection.drain();
  }

  #listen(
    subject: string,
    queue: string | undefined,
    deliver: (data: Uint8Array, subject: string, respond: (data: Uint8Array) => void) => void,
  ): () => void {
    const subscription = this.connection.subscribe(subject, {
      ...(queue ? { queue } : {}),
      callback: (error, message) => {
        if (error) {
          this.log.warn({ err: error, subject }, 'bus subscription failed');
          return;
        }
        try {
          deliver(message.data, message.subject, (data) => message.respond(data));
        } catch (failure) {
          this.log.warn({ err: failure, subject: message.subject }, 'bus message not handled');
        }
      },
    });
    return () => {
      if (!this.connection.isClosed()) subscription.unsubscribe();
    };
  }
}
