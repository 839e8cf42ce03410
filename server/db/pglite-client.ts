// The server's side of the embedded database's thread: statements go out as messages and their
// rows come back. The thread keeps the process alive only while a statement is outstanding, so a
// server that forgets to close its database can still exit.
import { Worker } from 'node:worker_threads';
import { databaseError, type ThreadReply, type ThreadRequest } from './pglite-messages.ts';

export interface EmbeddedResult {
  rows: unknown[];
  affectedRows?: number | undefined;
}

/** PGlite as the dialect uses it, on its own thread or (PGLITE_THREAD=false) on the caller's. */
export interface EmbeddedDatabase {
  query(sql: string, params: readonly unknown[]): Promise<EmbeddedResult>;
  close(): Promise<void>;
}

interface Pending {
  resolve(result: EmbeddedResult): void;
  reject(error: Error): void;
}

export class PGliteClient implements EmbeddedDatabase {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing: { resolve(): void } | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /**
   * Starts the thread and opens PGlite in `dir` (`memory://` keeps it in memory), a new database
   * made as a copy of `template` (a `dumpDataDir` tarball) when one is given.
   */
  static open(dir: string, template?: string): Promise<PGliteClient> {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: { dir, template },
    });
    const client = new PGliteClient(worker);
    return new Promise((resolve, reject) => {
      const opening = (reply: ThreadReply) => {
        if (reply.kind === 'ready') {
          worker.off('message', opening);
          worker.on('message', (message: ThreadReply) => client.#receive(message));
          worker.unref();
          resolve(client);
        } else if (reply.kind === 'failed') {
          reject(databaseError(reply.error));
        }
      };
      worker.on('message', opening);
      worker.once('error', reject);
      worker.once('exit', (code) => {
        const stopped = new Error(`the embedded database's thread stopped (exit ${code})`);
        reject(stopped);
        client.#stop(stopped);
      });
      worker.on('error', (error) => client.#stop(error));
    });
  }

  get closed(): boolean {
    return this.#stopped !== undefined;
  }

  query(sql: string, params: readonly unknown[]): Promise<EmbeddedResult> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#send({ kind: 'query', id, sql, params });
    });
  }

  /** Closes PGlite (it writes what it holds) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    this.#worker.ref();
    await new Promise<void>((resolve) => {
      this.#closing = { resolve };
      this.#send({ kind: 'close' });
    });
    await this.#worker.terminate();
  }

  #send(request: ThreadRequest): void {
    this.#worker.postMessage(request);
  }

  #receive(reply: ThreadReply): void {
    if (reply.kind === 'closed') {
      this.#stop(new Error('the embedded database is closed'));
      this.#closing?.resolve();
      return;
    }
    if (reply.kind !== 'rows' && reply.kind !== 'error') return;
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.kind === 'rows') pending.resolve(reply);
    else pending.reject(databaseError(reply.error));
  }

  /** Fails whatever is outstanding: the thread has gone and will answer nothing more. */
  #stop(reason: Error): void {
    this.#stopped ??= reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
    this.#closing?.resolve();
  }
}
