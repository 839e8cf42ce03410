// The operator API's credential: a random token the server writes into DATA_DIR with owner-only
// permissions at start; the ops CLI on the same machine reads it. Anyone who can read DATA_DIR
// owns the database anyway.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const opsTokenFile = (dataDir: string) => path.join(dataDir, 'ops-token');

export async function issueOpsToken(dataDir: string): Promise<string> {
  const token = randomBytes(32).toString('hex');
  await mkdir(dataDir, { recursive: true });
  await writeFile(opsTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}

export async function readOpsToken(dataDir: string): Promise<string> {
  return (await readFile(opsTokenFile(dataDir), 'utf8')).trim();
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
