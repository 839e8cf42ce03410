// Fixed-window counters kept in the database, so limits hold across restarts and across API nodes.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';

export interface Window {
  hits: number;
  /** Milliseconds until the window closes. */
  resetInMs: number;
}

function windowStart(clock: Clock, windowMs: number): Date {
  const now = clock.now().getTime();
  return new Date(now - (now % windowMs));
}

function resetIn(clock: Clock, start: Date, windowMs: number): number {
  return start.getTime() + windowMs - clock.now().getTime();
}

/** Counts one more hit and answers the window's total. */
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
  return { hits: row.hits, resetInMs: resetIn(clock, start, windowMs) };
}

/** The window's total without counting. */
export async function peekWindow(
  db: Db,
  clock: Clock,
  key: string,
  windowMs: number,
): Promise<Window> {
  const start = windowStart(clock, windowMs);
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', start)
    .executeTakeFirst();
  return { hits: row?.hits ?? 0, resetInMs: resetIn(clock, start, windowMs) };
}

/** Drops windows that closed more than a day ago. */
export async function pruneWindows(db: Db, clock: Clock): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 86_400_000 * 2);
  await db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute();
}
