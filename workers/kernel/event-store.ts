// The event log on disk (IndexedDB through idb's promise wrapper): appended in batches, never one
// transaction per event, and kept bounded by count and age.
import { type DBSchema, type IDBPDatabase, openDB, unwrap } from 'idb';
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

interface EventSchema extends DBSchema {
  events: { key: number; value: LoggedEvent; indexes: { at: number } };
}

/**
 * The database's version. Earlier builds kept the same store through Dexie, which asks IndexedDB
 * for ten times its own version (10); a higher one opens their log as it is, keeping its events.
 */
const databaseVersion = 20;

/** The global IndexedDB: the browser's, or in Node the one `fake-indexeddb/auto` installs. */
function openEventDatabase(name: string): Promise<IDBPDatabase<EventSchema>> {
  return openDB<EventSchema>(name, databaseVersion, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('events'))
        db.createObjectStore('events', { keyPath: 'seq' }).createIndex('at', 'at');
    },
  });
}

export class EventStore {
  readonly #name: string;
  #opened: IDBPDatabase<EventSchema> | undefined;
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
    policy?: Partial<typeof eventStorePolicy>;
    /** A batch that could not be written; the log goes on with the next one. */
    onWriteError?: (error: unknown) => void;
  }) {
    this.#name = options.name;
    this.#onWriteError = options.onWriteError ?? (() => {});
    this.#scheduler = options.scheduler;
    this.#policy = { ...eventStorePolicy, ...options.policy };
  }

  /** Continues the numbering of a log kept from an earlier session. */
  async open(): Promise<void> {
    this.#opened = await openEventDatabase(this.#name);
    const newest = await this.#opened.transaction('events').store.openKeyCursor(null, 'prev');
    this.#nextSeq = (newest?.key ?? 0) + 1;
  }

  get #db(): IDBPDatabase<EventSchema> {
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
          const write = this.#db.transaction('events', 'readwrite');
          // The bare store: idb would make a promise of every put, which nothing waits for.
          const events = unwrap(write.store);
          for (const event of batch) events.put(event);
          await write.done;
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
    const prune = this.#db.transaction('events', 'readwrite');
    const { store } = prune;
    for (const seq of await store.index('at').getAllKeys(IDBKeyRange.upperBound(cutoff, true)))
      void store.delete(seq);
    const excess = (await store.count()) - this.#policy.maxEvents;
    if (excess > 0) {
      const oldest = await store.getAllKeys(null, excess);
      void store.delete(IDBKeyRange.upperBound(oldest[oldest.length - 1] ?? 0));
    }
    await prune.done;
  }

  /**
   * The newest `limit` events, oldest first. Rows are checked as they are read back: a row an
   * older version of the app wrote in another shape is left out rather than folded.
   */
  async recent(limit: number): Promise<LoggedEvent[]> {
    await this.flush();
    const newest: unknown[] = [];
    let cursor = await this.#db.transaction('events').store.openCursor(null, 'prev');
    while (cursor && newest.length < limit) {
      newest.push(cursor.value);
      cursor = await cursor.continue();
    }
    return newest.reverse().flatMap((row) => parseLoggedEvent(row) ?? []);
  }

  async all(): Promise<LoggedEvent[]> {
    await this.flush();
    const rows = await this.#db.getAll('events');
    return rows.flatMap((row) => parseLoggedEvent(row) ?? []);
  }

  /** The whole kept log as NDJSON, the capture format. */
  async capture(): Promise<string> {
    return toNdjson(await this.all());
  }

  async clear(): Promise<void> {
    await this.flush();
    await this.#db.clear('events');
  }

  close(): void {
    this.#opened?.close();
  }
}
