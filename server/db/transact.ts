// Transactions that PostgreSQL may abort for their own good: under concurrent requests on the same
// rows it breaks a deadlock by failing one of the transactions (40P01), and refuses a serialisable
// one that lost a conflict (40001). Nothing of the failed attempt was written, so running it again
// from the start is safe, and is what a caller would do; an answer of "server error" for either is
// a defect. PGlite has one connection and never raises them.
import type { Transaction } from 'kysely';
import type { Db } from './database.ts';
import { fieldOf } from './field-of.ts';
import type { Database } from './tables.ts';

const transientCodes = new Set(['40001', '40P01']);

/** How often a transaction runs before its failure is passed on. */
const attempts = 5;

export function isTransientConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return transientCodes.has(String(fieldOf(error, 'code')));
}

/**
 * SQLSTATE classes of a database that cannot work at all (08 connection, 53 resources, 57
 * operator intervention), and the socket errors of one that does not answer: such a failure is
 * no one command's doing.
 */
const outageClasses = new Set(['08', '53', '57']);
const outageSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
]);

export function isDatabaseOutage(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = String(fieldOf(error, 'code') ?? '');
  if (outageSocketCodes.has(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && outageClasses.has(code.slice(0, 2));
}

/** Runs `work` in a transaction; runs it again when the database aborted it as a conflict. */
export async function transact<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      // A short random pause, so the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
