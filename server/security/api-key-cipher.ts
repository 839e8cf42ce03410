// API keys' secrets at rest: sealed with AES-256-GCM, a random 12-byte IV for each secret, under a
// 32-byte key from the settings (API_KEY_SEALING_KEY), so a copy of the database alone does not
// reveal them. A signed request is checked with the secret itself, which is why it is sealed and
// not hashed (docs/security.md § "API keys").
//
// A sealed value reads `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url): the key id names the
// key that sealed it, so a new key can be brought in later while the old one still opens what it
// sealed. Each secret is bound to its API key (GCM's associated data), so a sealed secret copied
// onto another key's row does not open there.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const version = 'v1';
const ivBytes = 12;
const tagBytes = 16;
const keyHex = /^[0-9a-fA-F]{64}$/;

export interface ApiKeyCipher {
  /** The id of the key new secrets are sealed with. */
  readonly keyId: string;
  /** Seals `secret`, bound to `boundTo` (the API key it belongs to). */
  seal(secret: string, boundTo: string): string;
  /** Opens what `seal` made for `boundTo`; throws when it was changed, or sealed for another. */
  open(sealed: string, boundTo: string): string;
}

/** A key's id: a short digest that names it without telling anything of it. */
export function sealingKeyId(key: Buffer): string {
  return createHash('sha256').update('api-key-sealing:').update(key).digest('hex').slice(0, 16);
}

/** A cipher sealing with `current`; it also opens what `previous` keys sealed. */
export function apiKeyCipher(current: Buffer, previous: readonly Buffer[] = []): ApiKeyCipher {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new Error('an API key sealing key must be 32 bytes');
  }
  const keyId = sealingKeyId(current);
  const keys = new Map([current, ...previous].map((key) => [sealingKeyId(key), key]));
  return {
    keyId,
    seal(secret, boundTo) {
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', current, iv, { authTagLength: tagBytes });
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url'));
      return [version, keyId, ...parts].join('.');
    },
    open(sealed, boundTo) {
      const [tag, id, iv, body, authTag, ...rest] = sealed.split('.');
      if (tag !== version || rest.length > 0 || !iv || body === undefined || !authTag) {
        throw new Error('not a sealed API key secret');
      }
      const key = id === undefined ? undefined : keys.get(id);
      if (!key) throw new Error(`API key secret sealed with an unknown key (${id})`);
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
        authTagLength: tagBytes,
      });
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(authTag, 'base64url'));
      // `final` throws when the tag does not match: a changed byte, or another key's row.
      const opened = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return opened.toString('utf8');
    },
  };
}

export const sealingKeyFile = (dataDir: string) => path.join(dataDir, 'api-key-sealing-key');

/**
 * The key kept in DATA_DIR, made there with owner-only permissions when it is not yet. Unlike the
 * operator's token it is never replaced: the secrets sealed with it would no longer open.
 */
export async function keptSealingKey(dataDir: string): Promise<Buffer> {
  const file = sealingKeyFile(dataDir);
  await mkdir(dataDir, { recursive: true });
  try {
    // `wx`: of two processes starting at once on one DATA_DIR, only one writes; the other reads.
    await writeFile(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  }
  const text = (await readFile(file, 'utf8')).trim();
  if (!keyHex.test(text)) throw new Error(`${file} does not hold 64 hex digits`);
  return Buffer.from(text, 'hex');
}

export interface SealingSettings {
  dataDir: string;
  /** API_KEY_SEALING_KEY, 64 hex digits; undefined: the key kept in DATA_DIR. */
  apiKeySealingKey: string | undefined;
}

/** The cipher the settings name: API_KEY_SEALING_KEY, else the key kept in DATA_DIR. */
export async function loadApiKeyCipher(settings: SealingSettings): Promise<ApiKeyCipher> {
  const given = settings.apiKeySealingKey;
  if (given !== undefined && !keyHex.test(given)) {
    throw new Error('API_KEY_SEALING_KEY must be 64 hex digits');
  }
  const key =
    given === undefined ? await keptSealingKey(settings.dataDir) : Buffer.from(given, 'hex');
  return apiKeyCipher(key);
}

const loaded = new WeakMap<SealingSettings, Promise<ApiKeyCipher>>();

/** `loadApiKeyCipher`, once per settings object: every call of one server shares its cipher. */
export function apiKeyCipherOf(settings: SealingSettings): Promise<ApiKeyCipher> {
  let cipher = loaded.get(settings);
  if (!cipher) {
    cipher = loadApiKeyCipher(settings);
    // A failed load is tried again by the next call rather than kept.
    cipher.catch(() => loaded.delete(settings));
    loaded.set(settings, cipher);
  }
  return cipher;
}
