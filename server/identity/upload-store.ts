// Uploaded images on disk under DATA_DIR/uploads, outside the web root, named by random ids so a
// name reveals nothing and cannot be guessed; the database remembers whose each one is.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/database.ts';
import type { UploadsTable } from '../db/tables.ts';
import type { CleanImage, ImageFormat } from './image-intake.ts';

/** Where the API serves an upload back (to its owner only). */
export const uploadUrlPrefix = '/api/index/upic/';

const extensions: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
export const contentTypes: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** 128 random bits and the format's extension; anything else is not a name this store made. */
const namePattern = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function uploadUrl(name: string): string {
  return uploadUrlPrefix + name;
}

/** The name inside an upload URL as /index/upic answered it (absolute or not); null otherwise. */
export function nameFromUploadUrl(url: string): string | null {
  const at = url.lastIndexOf(uploadUrlPrefix);
  if (at < 0) return null;
  const name = url.slice(at + uploadUrlPrefix.length);
  return namePattern.test(name) ? name : null;
}

export async function storeUpload(
  db: Db,
  dataDir: string,
  userId: number,
  image: CleanImage,
): Promise<string> {
  const name = `${randomBytes(16).toString('hex')}.${extensions[image.format]}`;
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // The file first: a row never points at a file that was not written.
  const file = path.join(dir, name);
  await writeFile(file, image.bytes, { mode: 0o600, flag: 'wx' });
  try {
    await db
      .insertInto('uploads')
      .values({ user_id: userId, name, format: image.format, bytes: image.bytes.byteLength })
      .execute();
  } catch (error) {
    // Nor is a file left that no row owns.
    await rm(file, { force: true });
    throw error;
  }
  return name;
}

/** The user's own upload of that name, or null: someone else's looks exactly like none. */
export async function ownUpload(
  db: Db,
  userId: number,
  name: string,
): Promise<(Pick<UploadsTable, 'name' | 'format'> & { id: number }) | null> {
  if (!namePattern.test(name)) return null;
  const row = await db
    .selectFrom('uploads')
    .select(['id', 'name', 'format'])
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

export function readUpload(dataDir: string, name: string): Promise<Buffer> {
  return readFile(path.join(uploadsDir(dataDir), name));
}
