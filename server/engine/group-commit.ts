// Group commit for a single writer: commands queue while a transaction is in flight; the writer
// takes what queued as one batch (each idempotency key once), answers the keys that already have
// an answer, runs the rest, and only after the commit answers each request. A failed batch runs
// once more (the writer first rebuilds what it keeps in memory), then its commands are told to
// try again with `order_not_processed`, nothing written.
import { sql, type Transaction } from 'kysely';
import { sha256Hex } from '../accounts/secrets.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';

/** A money-moving request's key: a retry with it gets the first answer. */
export interface IdempotencyKey {
  userId: number;
  key: string;
  path: string;
  /** The parsed request: the same key must come with the same request. */
  request: unknown;
}

export interface Pending<Command, Answer> {
  command: Command;
  key: IdempotencyKey | undefined;
  settled: boolean;
  resolve(answer: Answer): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<Command, Answer> {
  db: Db;
  /** Most commands in one batch. */
  batchMax: number;
  /** Runs the unanswered commands in one transaction and settles each. `moved` marks memory changed. */
  run(work: Pending<Command, Answer>[], moved: () => void): Promise<void>;
  /** Rebuilds the writer's memory from the database after a batch that changed it failed. */
  rebuild(): Promise<void>;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** Named in the log. */
  label: string;
}

/** How often a failed batch runs before its commands are told to try again. */
const attempts = 2;

export class GroupCommit<Command, Answer> {
  #queue: Pending<Command, Answer>[] = [];
  #draining: Promise<void> | undefined;

  constructor(private readonly options: GroupCommitOptions<Command, Answer>) {}

  submit(command: Command, key?: IdempotencyKey): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ command, key, settled: false, resolve, reject });
      this.#draining ??= this.#drain().finally(() => {
        this.#draining = undefined;
      });
    });
  }

  /** Resolves when every command queued so far has been answered. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  async #drain(): Promise<void> {
    // Let the requests that arrive in the same turn of the event loop join the first batch.
    await Promise.resolve();
    while (this.#queue.length > 0) await this.#runBatch(this.#takeBatch());
  }

  /** Up to `batchMax` commands, each idempotency key once: a repeat waits for the next batch. */
  #takeBatch(): Pending<Command, Answer>[] {
    const batch: Pending<Command, Answer>[] = [];
    const later: Pending<Command, Answer>[] = [];
    const keys = new Set<string>();
    for (const pending of this.#queue) {
      const key = pending.key && `${pending.key.userId}:${pending.key.key}`;
      if (batch.length >= this.options.batchMax || (key && keys.has(key))) later.push(pending);
      else {
        if (key) keys.add(key);
        batch.push(pending);
      }
    }
    this.#queue = later;
    return batch;
  }

  async #runBatch(batch: Pending<Command, Answer>[]): Promise<void> {
    const { log, label } = this.options;
    for (let attempt = 1; ; attempt++) {
      let moved = false;
      try {
        await answerStored(
          this.options.db,
          batch.filter((pending) => !pending.settled && pending.key),
        );
        const work = batch.filter((pending) => !pending.settled);
        if (work.length > 0) {
          await this.options.run(work, () => {
            moved = true;
          });
        }
        return;
      } catch (error) {
        if (moved) await this.options.rebuild().catch(() => undefined);
        if (attempt < attempts) {
          log.warn({ err: error, writer: label }, 'batch retried');
          continue;
        }
        log.error({ err: error, writer: label }, 'batch failed');
        for (const pending of batch) {
          if (!pending.settled) settle(pending, new BusinessError('order_not_processed'));
        }
        return;
      }
    }
  }
}

export function settle<Answer>(pending: Pending<unknown, Answer>, answer: Answer | Error): void {
  pending.settled = true;
  if (answer instanceof Error) pending.reject(answer);
  else pending.resolve(answer);
}

function hashOf(request: unknown): string {
  return sha256Hex(JSON.stringify(request));
}

/** Answers the commands whose key already has an answer (or belongs to another request). */
async function answerStored<Answer>(db: Db, keyed: Pending<unknown, Answer>[]): Promise<void> {
  if (keyed.length === 0) return;
  const keys = keyed.map((pending) => pending.key as IdempotencyKey);
  const stored = await sql<{
    user_id: number;
    key: string;
    path: string;
    request_hash: string;
    response: unknown;
  }>`
    select user_id, key, path, request_hash, response from idempotency_keys
    where (user_id, key) in (select * from unnest(
      ${keys.map((key) => key.userId)}::int[], ${keys.map((key) => key.key)}::text[]))`.execute(db);
  const byKey = new Map(stored.rows.map((row) => [`${row.user_id}:${row.key}`, row]));
  for (const pending of keyed) {
    const key = pending.key as IdempotencyKey;
    const found = byKey.get(`${key.userId}:${key.key}`);
    if (!found) continue;
    const same = found.path === key.path && found.request_hash === hashOf(key.request);
    const response =
      typeof found.response === 'string' ? JSON.parse(found.response) : found.response;
    settle(pending, same ? (response as Answer) : new BusinessError('idempotency_key_reused'));
  }
}

/** Keeps each answered command's answer under its key, in the batch's transaction. */
export async function storeKeys(
  trx: Transaction<Database>,
  work: readonly Pending<unknown, unknown>[],
  answers: readonly unknown[],
): Promise<void> {
  const kept = work.flatMap((pending, i) =>
    pending.key && !(answers[i] instanceof Error) ? [{ key: pending.key, answer: answers[i] }] : [],
  );
  if (kept.length === 0) return;
  await sql`
    insert into idempotency_keys (user_id, key, path, request_hash, response)
    select user_id, key, path, request_hash, response::jsonb from unnest(
      ${kept.map(({ key }) => key.userId)}::int[],
      ${kept.map(({ key }) => key.key)}::text[],
      ${kept.map(({ key }) => key.path)}::text[],
      ${kept.map(({ key }) => hashOf(key.request))}::text[],
      ${kept.map(({ answer }) => JSON.stringify(answer))}::text[]
    ) as k(user_id, key, path, request_hash, response)`.execute(trx);
}
