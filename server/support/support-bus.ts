// Hands support messages written by operators to the socket gateway, which sends them on the
// private `support` channel of their user only. In-process: the server that stores the answer is
// the one holding the user's socket (one API node; docs/content.md).
import type { SupportMessage } from '../../schemas/api/support.schema.ts';

export type SupportListener = (userId: number, messages: SupportMessage[], ts: number) => void;

export class SupportBus {
  readonly #listeners = new Set<SupportListener>();

  /** Listens for new messages; answers the function that stops listening. */
  onMessages(listener: SupportListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  publish(userId: number, messages: SupportMessage[], ts = Date.now()): void {
    for (const listener of this.#listeners) listener(userId, messages, ts);
  }
}
