// Login sessions: opaque random tokens stored only as SHA-256, revocable, with idle and absolute limits.
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { newToken, sha256Hex } from './secrets.ts';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

/** The limits the settings give (SESSION_IDLE_MINUTES, SESSION_MAX_DAYS). */
export function sessionLimitsOf(config: {
  sessionIdleMs: number;
  sessionMaxMs: number;
}): SessionLimits {
  return { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
}

export interface Session {
  userId: number;
  tokenHash: string;
}

/** Activity is written at most this often, so reads do not each cost a write. */
const touchEveryMs = 60_000;

/**
 * How long a session read from the database is trusted before it is read again, so a burst of
 * requests (a trader's orders) costs one read. A revocation is announced to every node, which drops
 * it from its cache at once (`announceRevoked`); one that was not announced (a node that missed the
 * message) takes effect within this time.
 */
export const sessionCacheMs = 2_000;
/** Sessions kept in memory at most; past it the cache starts over. */
const cachedSessionsMax = 100_000;

interface CachedSession {
  userId: number;
  expiresAt: number;
  lastSeenAt: number;
  readAt: number;
}

/** By token hash. Token hashes are random, so one cache serves every database of the process. */
const cached = new Map<string, CachedSession>();

export async function createSession(
  db: Db,
  clock: Clock,
  limits: SessionLimits,
  userId: number,
  client: { ip: string; userAgent: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + limits.maxMs);
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 300),
    })
    .execute();
  return { token, expiresAt };
}

/** The live session of a token, or null when it is unknown, revoked, idle too long or too old. */
export async function resolveSession(
  db: Db,
  clock: Clock,
  limits: SessionLimits,
  token: string,
): Promise<Session | null> {
  const tokenHash = sha256Hex(token);
  const now = clock.now().getTime();
  const session = await sessionOf(db, tokenHash, now);
  if (!session) return null;
  if (session.expiresAt <= now || session.lastSeenAt + limits.idleMs <= now) return null;
  if (now - session.lastSeenAt >= touchEveryMs) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('token_hash', '=', tokenHash)
      .execute();
    session.lastSeenAt = now;
  }
  return { userId: session.userId, tokenHash };
}

/** The session as last read, read again when it is older than `sessionCacheMs`. */
async function sessionOf(db: Db, tokenHash: string, now: number) {
  const known = cached.get(tokenHash);
  if (known && now - known.readAt < sessionCacheMs && now >= known.readAt) return known;
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'last_seen_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) {
    cached.delete(tokenHash);
    return null;
  }
  if (cached.size >= cachedSessionsMax) cached.clear();
  const session: CachedSession = {
    userId: row.user_id,
    expiresAt: row.expires_at.getTime(),
    lastSeenAt: row.last_seen_at.getTime(),
    readAt: now,
  };
  cached.set(tokenHash, session);
  return session;
}

/** Called with the token hashes of sessions this process revoked: the app sends them to every node. */
export type RevocationListener = (tokenHashes: readonly string[]) => void;

/** Process-wide, like the cache: token hashes are random, so no app mistakes another's for its own. */
const revocationListeners = new Set<RevocationListener>();

export function onSessionsRevoked(listener: RevocationListener): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}

/**
 * Tells every node that these sessions ended, so their caches drop them and their open sockets
 * lose their private channels at once. Revoking outside a transaction announces by itself; inside
 * one, the caller announces what it revoked once the transaction committed, so no node rereads a
 * session that is still live until then.
 */
export function announceRevoked(tokenHashes: readonly string[]): void {
  if (tokenHashes.length === 0) return;
  forgetSessions(tokenHashes);
  for (const listener of revocationListeners) listener(tokenHashes);
}

/** Drops sessions from this process's cache: another node revoked them. */
export function forgetSessions(tokenHashes: readonly string[]): void {
  for (const tokenHash of tokenHashes) cached.delete(tokenHash);
}

/** Ends a session by its token hash; answers whether it was live until now. */
export async function revokeSession(db: Db, clock: Clock, tokenHash: string): Promise<boolean> {
  cached.delete(tokenHash);
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  if (!db.isTransaction) announceRevoked([tokenHash]);
  return ended.length > 0;
}

/**
 * Ends every session of a user not yet revoked, except `keep` when given (the one making the
 * change), and answers their token hashes: inside a transaction, for `announceRevoked` after commit.
 */
export async function revokeUserSessions(
  db: Db,
  clock: Clock,
  userId: number,
  keep?: string,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep !== undefined) query = query.where('token_hash', '!=', keep);
  for (const [tokenHash, session] of cached) {
    if (session.userId === userId && tokenHash !== keep) cached.delete(tokenHash);
  }
  const ended = (await query.returning('token_hash').execute()).map((row) => row.token_hash);
  if (!db.isTransaction) announceRevoked(ended);
  return ended;
}
