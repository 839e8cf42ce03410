// Group commit for a single writer: commands queue while a transaction is in flight; the writer
// takes what queued as one batch (each idempotency key once), answers the keys that already have
// an answer, runs the rest, and only after the commit answers each request. A slice of a long
// round (a funding round, a settlement, a distribution, an accrual) runs in a batch of its own,
// so its time is its own and orders queued beside it form the batch after it. No command can fail
// another's: when a batch fails in the database, the writer first rebuilds what it keeps in memory,
// then runs the two halves of the batch as batches of their own, and so on down, until the command
// that fails is alone. That one runs once more (a failure may have been passing) and is then
// refused by itself, with the ledger's reason when it gave one; every other command commits once.
import { sql, type Transaction } from 'kysely';
import { sha256Hex } from '../accounts/secrets.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { isDatabaseOutage } from '../db/transact.ts';
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
  /**
   * Whether a command runs in a batch of its own: a round's slice, whose time the writer measures
   * to size the next one, and which should hold the writer for that slice alone. Commands still
   * run in the order they queued: those before it form a batch, it runs alone, those after it next.
   */
  alone?(command: Command): boolean;
}

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

  /**
   * Up to `batchMax` commands, each idempotency key once: a repeat waits for the next batch. A
   * command that runs alone is a batch of its own when it comes first, and else ends the batch
   * before it.
   */
  #takeBatch(): Pending<Command, Answer>[] {
    const batch: Pending<Command, Answer>[] = [];
    const later: Pending<Command, Answer>[] = [];
    const keys = new Set<string>();
    let closed = false;
    for (const pending of this.#queue) {
      const key = pending.key && `${pending.key.userId}:${pending.key.key}`;
      if (!closed && this.options.alone?.(pending.command)) {
        closed = true;
        if (batch.length === 0) {
          batch.push(pending);
          continue;
        }
      }
      if (closed || batch.length >= this.options.batchMax || (key && keys.has(key))) {
        later.push(pending);
      } else {
        if (key) keys.add(key);
        batch.push(pending);
      }
    }
    this.#queue = later;
    return batch;
  }

  /**
   * Runs a batch; when it fails, runs its halves on their own, down to the failing command. An
   * attacker's poisoned command costs about two transactions per halving (log2 of the batch), and
   * the commands beside it are answered as if it had not been sent. A database that does not
   * answer at all fails every command alike: the batch runs once more whole, then is refused.
   */
  async #runBatch(batch: Pending<Command, Answer>[], retried = false): Promise<void> {
    const failure = await this.#attempt(batch);
    const left = batch.filter((pending) => !pending.settled);
    if (failure === null || left.length === 0) return;
    const { log, label } = this.options;
    if (isDatabaseOutage(failure)) {
      if (!retried) return this.#runBatch(left, true);
      log.error({ err: failure, writer: label, commands: left.length }, 'batch failed');
      for (const pending of left) settle(pending, new BusinessError('order_not_processed'));
      return;
    }
    if (left.length > 1) {
      log.warn({ err: failure, writer: label, commands: left.length }, 'batch split');
      const half = Math.ceil(left.length / 2);
      await this.#runBatch(left.slice(0, half));
      await this.#runBatch(left.slice(half));
      return;
    }
    const [alone] = left;
    if (alone) await this.#refuseAlone(alone);
  }

  /** A command that failed on its own: once more, then refused with its own reason. */
  async #refuseAlone(pending: Pending<Command, Answer>): Promise<void> {
    const failure = await this.#attempt([pending]);
    if (failure === null || pending.settled) return;
    const { log, label } = this.options;
    if (failure instanceof BusinessError) {
      // The database refused what the writer's own reading had allowed (most often a balance
      // another writer spent meanwhile): the same refusal the command would have had a moment later.
      log.warn({ err: failure, writer: label }, 'command refused by the database');
      settle(pending, failure);
      return;
    }
    log.error({ err: failure, writer: label }, 'command failed');
    settle(pending, new BusinessError('order_not_processed'));
  }

  /** One transaction for the batch's unanswered commands; answers its failure, or null. */
  async #attempt(batch: readonly Pending<Command, Answer>[]): Promise<unknown> {
    let moved = false;
    try {
      await answerStored(
        this.options.db,
        batch.flatMap((pending) =>
          !pending.settled && pending.key ? [{ pending, key: pending.key }] : [],
        ),
      );
      const work = batch.filter((pending) => !pending.settled);
      if (work.length > 0) {
        await this.options.run(work, () => {
          moved = true;
        });
      }
      return null;
    } catch (error) {
      // What the failed batch changed in memory is not in the database: read it back first.
      if (moved) {
        await this.options.rebuild().catch((rebuildError: unknown) => {
          this.options.log.error(
            { err: rebuildError, writer: this.options.label },
            'rebuild failed',
          );
        });
      }
      return error ?? new Error('batch failed');
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
async function answerStored<Answer>(
  db: Db,
  keyed: { pending: Pending<unknown, Answer>; key: IdempotencyKey }[],
): Promise<void> {
  if (keyed.length === 0) return;
  const keys = keyed.map(({ key }) => key);
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
  for (const { pending, key } of keyed) {
    const found = byKey.get(`${key.userId}:${key.key}`);
    if (!found) continue;
    const same = found.path === key.path && found.request_hash === hashOf(key.request);
    const response =
      typeof found.response === 'string' ? JSON.parse(found.response) : found.response;
    // Kept as JSON by `storeKeys` from the answer this writer gave the same request: its type is
    // the writer's word, as the first answer's was.
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
