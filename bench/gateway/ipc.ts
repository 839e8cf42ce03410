// Request and reply over a child process's IPC channel, for both ends of the fan-out benchmark.
import type { ChildProcess } from 'node:child_process';
import type { Reply } from './messages.ts';

/** A request before it is numbered; spread over the union, so each kind keeps its own fields. */
type Unnumbered<Request> = Request extends unknown ? Omit<Request, 'id'> : never;

/** The runner's side: sends requests to one child and resolves them by `id`. */
export class Remote<Request extends { id: number }> {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  #next = 1;

  constructor(child: ChildProcess, label: string) {
    this.#child = child;
    child.on('message', (message) => {
      const reply = message as Reply;
      if (typeof reply !== 'object' || reply === null || !('id' in reply)) return;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if ('error' in reply) pending.reject(new Error(`${label}: ${reply.error}`));
      else pending.resolve(reply.value);
    });
    child.on('exit', (code, signal) => {
      for (const pending of this.#pending.values())
        pending.reject(new Error(`${label} exited (${signal ?? code})`));
      this.#pending.clear();
    });
  }

  ask<T>(request: Unnumbered<Request>): Promise<T> {
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#child.send({ ...request, id });
    });
  }
}

/** The child's side: answers every request from the parent with `handle`'s result. */
export function serve<Request extends { id: number }>(
  handle: (request: Request) => unknown | Promise<unknown>,
): void {
  process.on('message', (message) => {
    const request = message as Request;
    void Promise.resolve()
      .then(() => handle(request))
      .then(
        (value) => process.send?.({ id: request.id, value } satisfies Reply),
        (error: unknown) =>
          process.send?.({ id: request.id, error: String(error) } satisfies Reply),
      );
  });
  // The runner going away ends the child too, so no process outlives an interrupted run.
  process.on('disconnect', () => process.exit(0));
}
