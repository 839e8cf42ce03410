// The user's own sessions as the security center shows them, and ending one of them, or all but
// the current one. A session is named by its id, never by its token hash; only the owner's own
// live sessions can be named (another user's id, or an ended one, is not found).
import type { z } from 'zod';
import type { sessionEntrySchema } from '../../schemas/api/account-security.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import { summariseDevice } from '../security/device-summary.ts';
import { announceRevoked, type SessionLimits } from './sessions.ts';

type SessionEntry = z.input<typeof sessionEntrySchema>;

/** A user's sessions that still work: not revoked, not past their age, not idle past the limit. */
function liveSessions(db: Db, clock: Clock, limits: SessionLimits, userId: number) {
  const now = clock.now();
  return db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', new Date(now.getTime() - limits.idleMs));
}

/** The current session first, then by last use. */
export async function listSessions(
  db: Db,
  clock: Clock,
  limits: SessionLimits,
  userId: number,
  currentTokenHash: string,
): Promise<SessionEntry[]> {
  const rows = await liveSessions(db, clock, limits, userId)
    .select(['id', 'token_hash', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const entries = rows.map((row) => ({
    id: String(row.id),
    device: summariseDevice(row.user_agent),
    ip: row.ip,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    current: row.token_hash === currentTokenHash,
  }));
  return [
    ...entries.filter((entry) => entry.current),
    ...entries.filter((entry) => !entry.current),
  ];
}

/** Ends one of the user's live sessions by its id, at once on every node and its open sockets. */
export async function endSessionById(
  db: Db,
  clock: Clock,
  limits: SessionLimits,
  userId: number,
  id: number,
): Promise<void> {
  const live = await liveSessions(db, clock, limits, userId)
    .select('token_hash')
    .where('id', '=', String(id))
    .executeTakeFirst();
  if (!live) throw new BusinessError('session_not_found');
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('token_hash', '=', live.token_hash)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  // Ended by a request racing this one: it is gone all the same, and was announced by that one.
  if (ended.length === 0) throw new BusinessError('session_not_found');
  announceRevoked([live.token_hash]);
}

/** Ends every live session of the user but `keep`; answers how many ended. */
export async function endOtherSessions(
  db: Db,
  clock: Clock,
  limits: SessionLimits,
  userId: number,
  keep: string,
): Promise<number> {
  const others = await liveSessions(db, clock, limits, userId)
    .select('token_hash')
    .where('token_hash', '!=', keep)
    .execute();
  if (others.length === 0) return 0;
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where(
      'token_hash',
      'in',
      others.map((row) => row.token_hash),
    )
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  const hashes = ended.map((row) => row.token_hash);
  announceRevoked(hashes);
  return hashes.length;
}
