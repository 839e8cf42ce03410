// The event log on disk (IndexedDB through Dexie): appended in batches, never one transaction per
// event, and kept bounded by count and age.
import Dexie, { type Table } from 'dexie';
import {
  type LoggedEvent,
  type NewEvent,
  parseLoggedEvent,
  toNdjson,
} from '../../core/event-log.ts';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';

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

/** Tests and benchmarks in Node pass fake-indexeddb; the browser's own is used otherwise. */
export interface IndexedDbImplementation {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

class EventDatabase extends Dexie {
  events!: Table<LoggedEvent, number>;

  constructor(name: string, idb?: IndexedDbImplementation) {
    super(name, idb ?? {});
    this.version(1).stores({ events: 'seq, at' });
  }
}

export class EventStore {
  readonly #db: EventDatabase;
  readonly #scheduler: Scheduler;
  readonly #policy: typeof eventStorePolicy;
  #pending: LoggedEvent[] = [];
  #timer: TimerHandle | undefined;
  #writing: Promise<void> = Promise.resolve();
  #nextSeq = 1;
  #flushes = 0;
  readonly #onWriteError: (error: unknown) => void;

  constructor(options: {
    name: string;
    scheduler: Scheduler;
    idb?: IndexedDbImplementation;
    policy?: Partial<typeof eventStorePolicy>;
    /** A batch that could not be written; the log goes on with the next one. */
    onWriteError?: (error: unknown) => void;
  }) {
    this.#db = new EventDatabase(options.name, options.idb);
    this.#onWriteError = options.onWriteError ?? (() => {});
    this.#scheduler = options.scheduler;
    this.#policy = { ...eventStorePolicy, ...options.policy };
  }

  /** Continues the numbering of a log kept from an earlier session. */
  async open(): Promise<void> {
    await this.#db.open();
    const last = await this.#db.events.orderBy('seq').last();
    this.#nextSeq = (last?.seq ?? 0) + 1;
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
    await this.#db.events.where('at').below(cutoff).delete();
    const excess = (await this.#db.events.count()) - this.#policy.maxEvents;
    if (excess > 0) {
      const keys = await this.#db.events.orderBy('seq').limit(excess).primaryKeys();
      await this.#db.events.bulkDelete(keys);
    }
  }

  /**
   * The newest `limit` events, oldest first. Rows are checked as they are read back: a row an
   * older version of the app wrote in another shape is left out rather than folded.
   */
  async recent(limit: number): Promise<LoggedEvent[]> {
    await this.flush();
    const newest = await this.#db.events.orderBy('seq').reverse().limit(limit).toArray();
    return newest.reverse().flatMap((row) => parseLoggedEvent(row) ?? []);
  }

  async all(): Promise<LoggedEvent[]> {
    await this.flush();
    const rows = await this.#db.events.orderBy('seq').toArray();
    return rows.flatMap((row) => parseLoggedEvent(row) ?? []);
  }

  /** The whole kept log as NDJSON, the capture format. */
  async capture(): Promise<string> {
    return toNdjson(await this.all());
  }

  async clear(): Promise<void> {
    await this.flush();
    await this.#db.events.clear();
  }

  close(): void {
    this.#db.close();
  }
}
