// The event log on disk (IndexedDB through Dexie): appended in batches, never one transaction per
// event, and kept bounded by count and age. Rows are read back as they were written when the code
// reading them wrote them; a row another build wrote is checked first.
import type { LoggedEvent, NewEvent } from '../../core/event-log.ts';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { EventDatabase } from './event-database.ts';

export const eventStorePolicy = {
  /** A batch is written when it reaches this size… */
  batchSize: 500,
  /** …or this long after its first event, whichever comes first. */
  flushDelayMs: 250,
  /** Retention: the newest this many events… */
  maxEvents: 200_000,
  /** …and none older than this. */
  maxAgeMs: 24 * 60 * 60 * 1000,
};

/**
 * The layout and Dexie with it, loaded when the log is first opened: the worker's start file does
 * not carry Dexie, which comes in its own file beside it.
 */
const eventDatabase = () => import('./event-database.ts');

/**
 * The check of rows another build wrote: the events' schemas, every product's among them, loaded
 * only when there is such a row to read.
 */
const eventChecks = () => import('../../core/event-log.ts');

export class EventStore {
  readonly #name: string;
  #opened: EventDatabase | undefined;
  readonly #scheduler: Scheduler;
  readonly #policy: typeof eventStorePolicy;
  #pending: LoggedEvent[] = [];
  #timer: TimerHandle | undefined;
  #writing: Promise<void> = Promise.resolve();
  #nextSeq = 1;
  #flushes = 0;
  readonly #onWriteError: (error: unknown) => void;
  readonly #writer: string | null;
  /** The first event this writer wrote in its latest stretch: it and those after are trusted. */
  #trustedFrom = Number.POSITIVE_INFINITY;

  constructor(options: {
    name: string;
    scheduler: Scheduler;
    policy?: Partial<typeof eventStorePolicy>;
    /** A batch that could not be written; the log goes on with the next one. */
    onWriteError?: (error: unknown) => void;
    /**
     * Who writes: the name of the build of the code (the worker's own hashed file), whose rows it
     * reads back unchecked. Without one every row read back is checked.
     */
    writer?: string | null;
  }) {
    this.#name = options.name;
    this.#writer = options.writer ?? null;
    this.#onWriteError = options.onWriteError ?? (() => {});
    this.#scheduler = options.scheduler;
    this.#policy = { ...eventStorePolicy, ...options.policy };
  }

  /**
   * Continues the numbering of a log kept from an earlier session, and notes from which event on
   * this writer writes it.
   */
  async open(): Promise<void> {
    const { openEventDatabase, openWriterDatabase } = await eventDatabase();
    this.#opened = await openEventDatabase(this.#name);
    const [newest] = await this.#opened.events.reverse().limit(1).primaryKeys();
    this.#nextSeq = (newest ?? 0) + 1;
    if (this.#writer === null) return;
    const writers = await openWriterDatabase(this.#name);
    try {
      const latest = await writers.writers.orderBy('from').last();
      if (latest?.writer === this.#writer) {
        this.#trustedFrom = latest.from;
        return;
      }
      await writers.writers.put({ from: this.#nextSeq, writer: this.#writer });
      this.#trustedFrom = this.#nextSeq;
    } finally {
      writers.close();
    }
  }

  get #db(): EventDatabase {
    if (!this.#opened) throw new Error('the event log is not open');
    return this.#opened;
  }

  /** Numbers and timestamps an input, queues it for the next batch, and answers it at once. */
  append(input: NewEvent): LoggedEvent {
    const event: LoggedEvent = { ...input, seq: this.#nextSeq++, at: this.#scheduler.now() };
    this.#pending.push(event);
    if (this.#pending.length >= this.#policy.batchSize) void this.flush();
    else if (this.#timer === undefined) {
      this.#timer = this.#scheduler.setTimeout(() => void this.flush(), this.#policy.flushDelayMs);
    }
    return event;
  }

  /** Writes what is queued in one transaction; resolves when it and every earlier batch are stored. */
  flush(): Promise<void> {
    this.#scheduler.clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length) {
      this.#writing = this.#writing
        .then(async () => {
          await this.#db.events.bulkPut(batch);
          // Retention costs a range delete; once in a while is enough to keep the bound.
          if (++this.#flushes % 20 === 0) await this.prune();
        })
        .catch(this.#onWriteError);
    }
    return this.#writing;
  }

  /** Drops events past the age limit, then the oldest past the count limit. */
  async prune(): Promise<void> {
    const cutoff = this.#scheduler.now() - this.#policy.maxAgeMs;
    const { events } = this.#db;
    await this.#db.transaction('rw', events, async () => {
      // The keys alone, from the index: a Collection's delete() off an index reads every row.
      await events.bulkDelete(await events.where('at').below(cutoff).primaryKeys());
      const excess = (await events.count()) - this.#policy.maxEvents;
      if (excess <= 0) return;
      const [last] = await events
        .offset(excess - 1)
        .limit(1)
        .primaryKeys();
      if (last !== undefined) await events.where('seq').belowOrEqual(last).delete();
    });
  }

  /**
   * The newest `limit` events, oldest first. A row another build wrote is checked as it is read
   * back: one in a shape this build does not know is left out rather than folded.
   */
  async recent(limit: number): Promise<LoggedEvent[]> {
    await this.flush();
    const newest = await this.#db.events.reverse().limit(limit).toArray();
    return this.#checked(newest.reverse());
  }

  async all(): Promise<LoggedEvent[]> {
    await this.flush();
    return this.#checked(await this.#db.events.toArray());
  }

  /** The whole kept log as NDJSON, the capture format. */
  async capture(): Promise<string> {
    const [events, { toNdjson }] = await Promise.all([this.all(), eventChecks()]);
    return toNdjson(events);
  }

  /** Rows in the order of their numbers, those another writer wrote checked. */
  async #checked(rows: readonly LoggedEvent[]): Promise<LoggedEvent[]> {
    const trustedFrom = this.#trustedFrom;
    if (rows.every((row) => row.seq >= trustedFrom)) return [...rows];
    const { parseLoggedEvent } = await eventChecks();
    return rows.flatMap((row) => (row.seq >= trustedFrom ? row : (parseLoggedEvent(row) ?? [])));
  }

  async clear(): Promise<void> {
    await this.flush();
    await this.#db.events.clear();
  }

  close(): void {
    this.#opened?.close();
  }
}
