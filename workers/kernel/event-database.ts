// The event log's IndexedDB layout, declared through Dexie. A module of its own so that Dexie is
// loaded when the log is first opened, in a file beside the worker's start file, not inside it.
import { Dexie, type Table } from 'dexie';
import type { LoggedEvent } from '../../core/event-log.ts';

/** From which event on a build wrote the log: a new record each time another build opens it. */
export interface WriterRecord {
  from: number;
  writer: string;
}

export type EventDatabase = Dexie & { events: Table<LoggedEvent, number> };
export type WriterDatabase = Dexie & { writers: Table<WriterRecord, number> };

/**
 * Events keyed by `seq`, an index on `at`, the layout every build has kept. Dexie asks IndexedDB
 * for ten times the version it is given: 2 is the 20 the builds between kept the log at, so their
 * log opens as it is, and a log the first Dexie builds kept (version 1, the same store) is
 * upgraded without a change to its rows.
 */
export async function openEventDatabase(name: string): Promise<EventDatabase> {
  const db = new Dexie(name) as EventDatabase;
  db.version(2).stores({ events: 'seq, at' });
  await db.open();
  return db;
}

/**
 * The writers are a database of their own rather than a new table in the log's: adding a table
 * raises the log's version, and an earlier build still open in another tab that does not give way
 * to a newer version would hold this one's start until that tab closed. Version 0.1 is the
 * IndexedDB version 1 it has always had.
 */
export async function openWriterDatabase(name: string): Promise<WriterDatabase> {
  const db = new Dexie(`${name}:writers`) as WriterDatabase;
  db.version(0.1).stores({ writers: 'from' });
  await db.open();
  return db;
}
