// What crosses between the engines and the gateways and services, on one node or several: messages
// published to every subscriber of a subject, and requests answered by one server of a subject.
// Two implementations: in-process (`local-bus.ts`, the embedded default) and NATS (`nats-bus.ts`,
// when `NATS_URL` is set). Subjects are NATS subjects (`md.depth.BTCUSDT`): tokens separated by
// dots, `*` matching one token and `>` the rest, on both.
//
// Messages are JSON values. The in-process bus hands subscribers the very value published, so a
// publisher never changes a message after publishing it and a subscriber never changes what it got.

export interface Bus {
  readonly kind: 'local' | 'nats';
  /** Sends `message` to every subscriber of `subject`, on every node; nobody listening is fine. */
  publish(subject: string, message: unknown): void;
  /** Calls `handler` with every message on a subject matching `subject`; answers the unsubscribe. */
  subscribe(subject: string, handler: MessageHandler): () => void;
  /**
   * Serves requests on `subject`: one server answers each request, whichever node it is on. A
   * thrown `BusinessError` reaches the requester as the same error; anything else as `BusFailure`.
   */
  serve(subject: string, handler: RequestHandler): () => void;
  /** Asks the server of `subject`; rejects `BusNoServer` when none serves it, `BusTimeout` after `timeoutMs`. */
  request(subject: string, message: unknown, timeoutMs: number): Promise<unknown>;
  /** Whether it carries messages now, and how long a round trip to the broker takes. */
  health(): Promise<BusHealth>;
  /** Delivers what was published, then stops. */
  close(): Promise<void>;
}

export type MessageHandler = (message: unknown, subject: string) => void;
export type RequestHandler = (message: unknown, subject: string) => Promise<unknown>;

export interface BusHealth {
  kind: Bus['kind'];
  connected: boolean;
  /** The broker's address (NATS), absent in-process. */
  server?: string;
  rttMs?: number;
}

/** No node serves the subject asked (its owner is gone, or none was ever started). */
export class BusNoServer extends Error {
  constructor(readonly subject: string) {
    super(`nothing serves ${subject}`);
  }
}

/** The server took longer than the requester would wait; it may still have done the work. */
export class BusTimeout extends Error {
  constructor(readonly subject: string) {
    super(`no answer on ${subject} in time`);
  }
}

/** The server failed with something other than a business refusal. */
export class BusFailure extends Error {}
