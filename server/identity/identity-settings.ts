// Settings of identity verification's uploads (docs/operations.md § Settings): how large one image
// may be, in bytes and in pixels, what one user may upload a day, and how many re-encode at once.
import type { z } from 'zod';
import { intBetween } from '../settings-fields.ts';

/** The variables, spread into the settings schema of config.ts. */
export const identityEnvShape = {
  /** One uploaded image; a sane ceiling keeps a decoder from being handed a huge file. */
  UPLOAD_MAX_BYTES: intBetween(64 * 1024, 20 * 1024 * 1024).default(5 * 1024 * 1024),
  /** Declared width × height above this is refused from the header, before anything is decoded. */
  UPLOAD_MAX_PIXELS: intBetween(1_000_000, 100_000_000).default(25_000_000),
  /** Per user and UTC day; bytes as received. Integers in the database, hence at most 1 GiB. */
  UPLOADS_PER_DAY: intBetween(1, 10_000).default(20),
  UPLOAD_BYTES_PER_DAY: intBetween(64 * 1024, 1024 * 1024 * 1024).default(20 * 1024 * 1024),
  /** Images re-encoded at once; each holds one thread of libuv's pool (4 unless UV_THREADPOOL_SIZE). */
  UPLOAD_ENCODE_CONCURRENCY: intBetween(1, 16).default(1),
};

export interface UploadQuota {
  uploads: number;
  bytes: number;
}

export interface UploadSettings {
  /** Largest uploaded image in bytes (identity documents). */
  uploadMaxBytes: number;
  /** Largest declared width × height of an uploaded image. */
  uploadMaxPixels: number;
  /** What one user may upload per UTC day. */
  uploadQuota: UploadQuota;
  /** Re-encodes run at once; more wait in a bounded queue. */
  uploadEncodeConcurrency: number;
}

type IdentityEnv = z.output<z.ZodObject<typeof identityEnvShape>>;

export function uploadSettingsOf(env: IdentityEnv): UploadSettings {
  return {
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    uploadMaxPixels: env.UPLOAD_MAX_PIXELS,
    uploadQuota: { uploads: env.UPLOADS_PER_DAY, bytes: env.UPLOAD_BYTES_PER_DAY },
    uploadEncodeConcurrency: env.UPLOAD_ENCODE_CONCURRENCY,
  };
}
