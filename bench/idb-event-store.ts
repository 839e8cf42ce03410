// The event log as the builds before Dexie kept it, through idb's promise wrapper, unchanged but
// for its imports: the baseline bench/event-log.bench.ts measures workers/kernel/event-store.ts
// against in the same run. No product code imports it.
import { type DBSchema, type IDBPDatabase, openDB, unwrap } from 'idb';
import type { LoggedEvent, NewEvent } from '../core/event-log.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';

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

/** From which event on a build wrote the log: a new record each time another build opens it. */
interface WriterRecord {
  from: number;
  writer: string;
}

interface EventSchema extends DBSchema {
  events: { key: number; value: LoggedEvent; indexes: { at: number } };
}

interface WriterSchema extends DBSchema {
  writers: { key: number; value: WriterRecord };
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

/**
 * The writers are a database of their own rather than a new store in the log's: adding a store
 * raises the log's version, and an earlier build still open in another tab (which does not give
 * way to a newer version) would hold this one's start until that tab closed.
 */
function openWriterDatabase(name: string): Promise<IDBPDatabase<WriterSchema>> {
  return openDB<WriterSchema>(`${name}:writers`, 1, {
    upgrade(db) {
      db.createObjectStore('writers', { keyPath: 'from' });
    },
  });
}

/**
 * The check of rows another build wrote: the events' schemas, every product's among them, loaded
 * only when there is such a row to read.
 */
const eventChecks = () => import('../core/event-log.ts');

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
    this.#opened = await openEventDatabase(this.#name);
    const newest = await this.#opened.transaction('events').store.openKeyCursor(null, 'prev');
    this.#nextSeq = (newest?.key ?? 0) + 1;
    if (this.#writer === null) return;
    const writers = await openWriterDatabase(this.#name);
    try {
      const latest = await writers.transaction('writers').store.openCursor(null, 'prev');
      if (latest?.value.writer === this.#writer) {
        this.#trustedFrom = latest.value.from;
        return;
      }
      await writers.put('writers', { from: this.#nextSeq, writer: this.#writer });
      this.#trustedFrom = this.#nextSeq;
    } finally {
      writers.close();
    }
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
   * The newest `limit` events, oldest first. A row another build wrote is checked as it is read
   * back: one in a shape this build does not know is left out rather than folded.
   */
  async recent(limit: number): Promise<LoggedEvent[]> {
    await this.flush();
    const newest: LoggedEvent[] = [];
    let cursor = await this.#db.transaction('events').store.openCursor(null, 'prev');
    while (cursor && newest.length < limit) {
      newest.push(cursor.value);
      cursor = await cursor.continue();
    }
    return this.#checked(newest.reverse());
  }

  async all(): Promise<LoggedEvent[]> {
    await this.flush();
    return this.#checked(await this.#db.getAll('events'));
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
    await this.#db.clear('events');
  }

  close(): void {
    this.#opened?.close();
  }
}
