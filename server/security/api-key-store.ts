// API keys as stored (docs/api-binance.md § "API keys"): made, listed, deleted by their owner, and
// resolved by the signed-request check. The secret is sealed at rest (api-key-cipher.ts) and
// opened only by `resolveApiKey`; no listing carries it.
import { randomInt } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { ApiKeyCipher } from './api-key-cipher.ts';

/** `read`, or a scope a trading module declares (server/module.ts `keyScope`). */
export type ApiKeyScope = string;

/** The most live keys a user may hold, as on Binance. */
export const apiKeyLimit = 30;

export interface ApiKeyRecord {
  id: number;
  userId: number;
  apiKey: string;
  secret: string /* opened */;
  scopes: ReadonlySet<ApiKeyScope>;
  ipAllowlist: readonly string[];
}

/** A key as its owner sees it listed: never its secret. */
export interface ApiKeyListing {
  id: number;
  label: string;
  apiKey: string;
  scopes: readonly ApiKeyScope[];
  ipAllowlist: readonly string[];
  createdAt: Date;
}

/** A key just made: the one time its secret is handed out. */
export interface CreatedApiKey extends ApiKeyListing {
  secret: string;
}

export interface NewApiKey {
  userId: number;
  label: string;
  scopes: readonly ApiKeyScope[];
  ipAllowlist: readonly string[];
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 64 letters and digits from `node:crypto`: about 381 random bits. */
export function randomKeyText(): string {
  let text = '';
  for (let i = 0; i < 64; i++) text += alphabet[randomInt(0, alphabet.length)];
  return text;
}

/** Scopes in one order (`read` first, then by name), so a key's list alike however asked. */
function ordered(scopes: Iterable<string>): ApiKeyScope[] {
  return [...new Set(scopes)].sort((a, b) =>
    a === 'read' ? -1 : b === 'read' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
}

/** The live key named `apiKey` (not deleted), its secret opened; null when there is none. */
export async function resolveApiKey(
  db: Db,
  cipher: ApiKeyCipher,
  apiKey: string,
): Promise<ApiKeyRecord | null> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id', 'api_key', 'secret_sealed', 'scopes', 'ip_allowlist'])
    .where('api_key', '=', apiKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: Number(row.id),
    userId: row.user_id,
    apiKey: row.api_key,
    // A secret that does not open is a fault of the settings (another sealing key), not a refusal.
    secret: cipher.open(row.secret_sealed, row.api_key),
    scopes: new Set(ordered(row.scopes)),
    ipAllowlist: row.ip_allowlist,
  };
}

/** How many live keys the user holds. */
export async function countLiveApiKeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Makes a key and its secret and stores the secret sealed. The caller keeps the user's limit: in
 * the same transaction, with the user's row locked (see api-key-routes.ts).
 */
export async function insertApiKey(
  db: Db,
  cipher: ApiKeyCipher,
  key: NewApiKey,
): Promise<CreatedApiKey> {
  const apiKey = randomKeyText();
  const secret = randomKeyText();
  const scopes = ordered(key.scopes);
  const row = await db
    .insertInto('api_keys')
    .values({
      user_id: key.userId,
      label: key.label,
      api_key: apiKey,
      secret_sealed: cipher.seal(secret, apiKey),
      scopes,
      ip_allowlist: [...key.ipAllowlist],
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    label: key.label,
    apiKey,
    secret,
    scopes,
    ipAllowlist: [...key.ipAllowlist],
    createdAt: row.created_at,
  };
}

/** The user's live keys, newest first. */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyListing[]> {
  const rows = await db
    .selectFrom('api_keys')
    .select(['id', 'label', 'api_key', 'scopes', 'ip_allowlist', 'created_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    label: row.label,
    apiKey: row.api_key,
    scopes: ordered(row.scopes),
    ipAllowlist: row.ip_allowlist,
    createdAt: row.created_at,
  }));
}

/**
 * Deletes the user's own live key `id`: from then on `resolveApiKey` answers null for it. Answers
 * its label and the key; null when the user holds no such live key, whoever else may.
 */
export async function deleteApiKey(
  db: Db,
  clock: Clock,
  userId: number,
  id: number,
): Promise<{ label: string; apiKey: string } | null> {
  const deleted = await db
    .updateTable('api_keys')
    .set({ deleted_at: clock.now() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returning(['label', 'api_key'])
    .executeTakeFirst();
  return deleted ? { label: deleted.label, apiKey: deleted.api_key } : null;
}
