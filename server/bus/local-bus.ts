// The in-process bus: the embedded default, one node. Delivery is synchronous, in the order of
// publication, and hands over the value itself (no copy, no encoding), so a single node pays
// nothing for the bus's existence.
import {
  type Bus,
  type BusHealth,
  BusNoServer,
  BusTimeout,
  type MessageHandler,
  type RequestHandler,
} from './bus.ts';
import { replyOf, unwrapReply } from './replies.ts';
import { isWildcard, subjectMatches } from './subjects.ts';

interface Wildcard {
  pattern: string;
  handler: MessageHandler;
}

export class LocalBus implements Bus {
  readonly kind = 'local' as const;
  /** Exact subjects by name: a publication finds its subscribers with one lookup. */
  readonly #exact = new Map<string, Set<MessageHandler>>();
  readonly #wildcards: Wildcard[] = [];
  readonly #servers = new Map<string, RequestHandler[]>();
  /** Which server of a subject answers next: requests go round the servers in turn. */
  readonly #turn = new Map<string, number>();
  #closed = false;

  publish(subject: string, message: unknown): void {
    if (this.#closed) return;
    // Every user frame passes here: no copies. A Set iterated while a handler unsubscribes skips
    // the removed one, as wanted; wildcards (few, rarely changed) are copied only when present.
    const exact = this.#exact.get(subject);
    if (exact) for (const handler of exact) handler(message, subject);
    if (this.#wildcards.length === 0) return;
    for (const { pattern, handler } of [...this.#wildcards]) {
      if (subjectMatches(pattern, subject)) handler(message, subject);
    }
  }

  subscribe(subject: string, handler: MessageHandler): () => void {
    if (isWildcard(subject)) {
      const entry = { pattern: subject, handler };
      this.#wildcards.push(entry);
      return () => {
        const at = this.#wildcards.indexOf(entry);
        if (at >= 0) this.#wildcards.splice(at, 1);
      };
    }
    let handlers = this.#exact.get(subject);
    if (!handlers) {
      handlers = new Set();
      this.#exact.set(subject, handlers);
    }
    // Wrapped, so the same function subscribed twice is delivered twice, as on NATS.
    const own: MessageHandler = (message, on) => handler(message, on);
    handlers.add(own);
    return () => {
      handlers.delete(own);
      if (handlers.size === 0 && this.#exact.get(subject) === handlers) this.#exact.delete(subject);
    };
  }

  serve(subject: string, handler: RequestHandler): () => void {
    const servers = this.#servers.get(subject) ?? [];
    const own: RequestHandler = (message, on) => handler(message, on);
    servers.push(own);
    this.#servers.set(subject, servers);
    return () => {
      const at = servers.indexOf(own);
      if (at >= 0) servers.splice(at, 1);
      if (servers.length === 0) this.#servers.delete(subject);
    };
  }

  async request(subject: string, message: unknown, timeoutMs: number): Promise<unknown> {
    const servers = this.#closed ? undefined : this.#servers.get(subject);
    if (!servers || servers.length === 0) throw new BusNoServer(subject);
    const turn = (this.#turn.get(subject) ?? 0) % servers.length;
    this.#turn.set(subject, turn + 1);
    const server = servers[turn];
    if (!server) throw new BusNoServer(subject);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusTimeout(subject)), timeoutMs);
    });
    try {
      return unwrapReply(await Promise.race([replyOf(server, message, subject), late]));
    } finally {
      clearTimeout(timer);
    }
  }

  async health(): Promise<BusHealth> {
    return { kind: this.kind, connected: !this.#closed };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#exact.clear();
    this.#wildcards.length = 0;
    this.#servers.clear();
  }
}
