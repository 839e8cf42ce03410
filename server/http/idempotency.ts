// Money-moving requests carry an `Idempotency-Key` header (docs/product.md §6): the first request
// with a key runs and its answer is kept, in the same transaction as its effect; a retry with the
// same key and body gets that answer without running again; the same key with another body is
// refused.
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { sha256Hex } from '../accounts/secrets.ts';
import { type Db, isUniqueViolation } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import { transact } from '../db/transact.ts';
import { BusinessError } from './business-error.ts';

const keyPattern = /^[A-Za-z0-9._:-]{8,100}$/;

/** The request's key, or a refusal naming what is wrong with it: missing, or not of the form. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new BusinessError('idempotency_key_required');
  if (!keyPattern.test(key)) throw new BusinessError('idempotency_key_malformed');
  return key;
}

export interface IdempotentCall {
  db: Db;
  userId: number;
  key: string;
  path: string;
  /** The parsed request: the same key must come with the same request. */
  request: unknown;
}

export async function idempotent<T>(
  call: IdempotentCall,
  run: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const { db, userId, key, path } = call;
  const requestHash = sha256Hex(JSON.stringify(call.request));
  try {
    return await transact(db, async (trx) => {
      await trx
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, path, request_hash: requestHash, response: null })
        .execute();
      const result = await run(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ response: JSON.stringify(result) })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
      return result;
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'idempotency_keys_pkey')) throw error;
    // Another request with this key committed first (a concurrent one waited for it).
    const kept = await keptAnswer<T>(call);
    if (!kept) throw new BusinessError('idempotency_key_reused');
    return kept.response;
  }
}

/**
 * The answer kept for a key whose request committed, if one did; the same key with another request
 * is refused. A call whose checks cannot run twice (a withdrawal's email code is used up by its
 * first run) asks this before them, so a retry after success gets its answer unchecked.
 */
export async function keptAnswer<T>(call: IdempotentCall): Promise<{ response: T } | undefined> {
  const kept = await call.db
    .selectFrom('idempotency_keys')
    .select(['path', 'request_hash', 'response'])
    .where('user_id', '=', call.userId)
    .where('key', '=', call.key)
    .executeTakeFirst();
  if (!kept) return undefined;
  if (kept.path !== call.path || kept.request_hash !== sha256Hex(JSON.stringify(call.request))) {
    throw new BusinessError('idempotency_key_reused');
  }
  const { response } = kept;
  // The stored answer is the one the same call gave the first time, as JSON: `T` is its caller's.
  return { response: (typeof response === 'string' ? JSON.parse(response) : response) as T };
}
