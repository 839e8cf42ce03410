// Fixed-window counters kept in the database, so limits hold across restarts and across API nodes.
// A hit is one statement that adds one and answers the new total: requests sent at once each get
// their own count, so a limit decided on that count cannot be raced.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

export interface Window {
  key: string;
  /** When the window opened; with the key it names the counter. */
  start: Date;
  hits: number;
  /** Milliseconds until the window closes. */
  resetInMs: number;
}

function windowStart(clock: Clock, windowMs: number): Date {
  const now = clock.now().getTime();
  return new Date(now - (now % windowMs));
}

/** Counts one more hit and answers the window's total, this hit included. */
export async function hitWindow(
  db: Db,
  clock: Clock,
  key: string,
  windowMs: number,
): Promise<Window> {
  const start = windowStart(clock, windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return {
    key,
    start,
    hits: row.hits,
    resetInMs: start.getTime() + windowMs - clock.now().getTime(),
  };
}

/** Takes back one hit of a window, for an attempt that turned out not to count. */
export async function giveBack(db: Db, window: Pick<Window, 'key' | 'start'>): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql`rate_limits.hits - 1` })
    .where('key', '=', window.key)
    .where('window_start', '=', window.start)
    .where('hits', '>', 0)
    .execute();
}

/** Forgets every window of a key, so its limit starts afresh. */
export async function clearWindows(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops windows that closed more than a day ago. */
export async function pruneWindows(db: Db, clock: Clock): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 86_400_000 * 2);
  await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute();
}
