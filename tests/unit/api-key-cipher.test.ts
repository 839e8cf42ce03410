// API keys' secrets sealed with AES-256-GCM (server/security/api-key-cipher.ts): they open again,
// a changed byte or another key's row does not open, each seal has its own IV, and the key kept
// in DATA_DIR survives a restart.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiKeyCipher,
  loadApiKeyCipher,
  sealingKeyFile,
} from '../../server/security/api-key-cipher.ts';

const secret = 'Q'.repeat(32) + 'z9'.repeat(16);
const apiKey = 'K'.repeat(64);

/** `sealed` with one byte of its part `index` (iv 2, ciphertext 3, tag 4) flipped. */
function flipped(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[index] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[index] = bytes.toString('base64url');
  return parts.join('.');
}

describe('the API key cipher', () => {
  const cipher = apiKeyCipher(randomBytes(32));

  it('opens what it sealed, and keeps the key id with it', () => {
    const sealed = cipher.seal(secret, apiKey);
    expect(sealed).not.toContain(secret);
    expect(sealed.split('.').slice(0, 2)).toEqual(['v1', cipher.keyId]);
    expect(cipher.open(sealed, apiKey)).toBe(secret);
  });

  it('refuses a changed byte of the IV, the ciphertext or the tag', () => {
    const sealed = cipher.seal(secret, apiKey);
    for (const index of [2, 3, 4]) {
      expect(() => cipher.open(flipped(sealed, index), apiKey)).toThrow();
    }
  });

  it('refuses a secret sealed for another key', () => {
    expect(() => cipher.open(cipher.seal(secret, apiKey), 'L'.repeat(64))).toThrow();
  });

  it('uses a new IV for each seal', () => {
    const ivs = new Set(
      Array.from({ length: 50 }, () => cipher.seal(secret, apiKey).split('.')[2]),
    );
    expect(ivs.size).toBe(50);
    expect(Buffer.from([...ivs][0] ?? '', 'base64url')).toHaveLength(12);
  });

  it('opens what an earlier key sealed once a new key came in, and not with another key', () => {
    const old = randomBytes(32);
    const sealed = apiKeyCipher(old).seal(secret, apiKey);
    const rotated = apiKeyCipher(randomBytes(32), [old]);
    expect(rotated.open(sealed, apiKey)).toBe(secret);
    expect(() => apiKeyCipher(randomBytes(32)).open(sealed, apiKey)).toThrow(/unknown key/);
  });
});

describe('the sealing key', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'meridian-sealing-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('is made in DATA_DIR for the owner only, and read back after a restart', async () => {
    const dir = await dataDir();
    const first = await loadApiKeyCipher({ dataDir: dir, apiKeySealingKey: undefined });
    const file = sealingKeyFile(dir);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    const sealed = first.seal(secret, apiKey);
    const again = await loadApiKeyCipher({ dataDir: dir, apiKeySealingKey: undefined });
    expect(again.keyId).toBe(first.keyId);
    expect(again.open(sealed, apiKey)).toBe(secret);
  });

  it('is made once when two starts race on one DATA_DIR', async () => {
    const dir = await dataDir();
    const ciphers = await Promise.all(
      Array.from({ length: 5 }, () =>
        loadApiKeyCipher({ dataDir: dir, apiKeySealingKey: undefined }),
      ),
    );
    expect(new Set(ciphers.map((cipher) => cipher.keyId)).size).toBe(1);
  });

  it('comes from API_KEY_SEALING_KEY when set, the file left aside', async () => {
    const dir = await dataDir();
    const hex = randomBytes(32).toString('hex');
    await writeFile(sealingKeyFile(dir), `${randomBytes(32).toString('hex')}\n`);
    const set = await loadApiKeyCipher({ dataDir: dir, apiKeySealingKey: hex });
    expect(set.keyId).toBe(apiKeyCipher(Buffer.from(hex, 'hex')).keyId);
  });

  it('refuses a kept file that holds no key', async () => {
    const dir = await dataDir();
    await writeFile(sealingKeyFile(dir), 'not a key\n');
    await expect(loadApiKeyCipher({ dataDir: dir, apiKeySealingKey: undefined })).rejects.toThrow(
      /64 hex digits/,
    );
  });
});
