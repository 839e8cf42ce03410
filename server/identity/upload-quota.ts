// What one user may upload per UTC day, in images and in bytes as received. The check and the
// count are one statement (an upsert whose update only happens while under both limits), so two
// uploads sent at once cannot both take the last place, on PostgreSQL and PGlite alike.
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';
import type { UploadQuota } from './identity-settings.ts';

/** A place taken in a day's quota, to give back if the server, not the image, failed. */
export interface QuotaReservation {
  userId: number;
  day: string;
  bytes: number;
}

function utcDay(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}

function refusal(quota: UploadQuota): BusinessError {
  const megabytes = Math.round((quota.bytes / (1024 * 1024)) * 10) / 10;
  return new BusinessError('upload_quota_exceeded', {
    count: quota.uploads,
    amount: String(megabytes),
  });
}

/** Counts one upload of `bytes` against today's quota, or refuses it without counting anything. */
export async function reserveUpload(
  db: Db,
  clock: Clock,
  userId: number,
  bytes: number,
  quota: UploadQuota,
): Promise<QuotaReservation> {
  // The insert of a day's first upload has no WHERE to stop it: one file over the whole day's
  // bytes is refused here.
  if (bytes > quota.bytes) throw refusal(quota);
  const day = utcDay(clock);
  const counted = await db
    .insertInto('upload_quota')
    .values({ user_id: userId, day, uploads: 1, bytes })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          // A row from an earlier day starts over with this upload.
          uploads: sql`case when upload_quota.day = excluded.day
            then upload_quota.uploads + 1 else 1 end`,
          bytes: sql`case when upload_quota.day = excluded.day
            then upload_quota.bytes + excluded.bytes else excluded.bytes end`,
          day: sql`excluded.day`,
        })
        .where(
          sql<boolean>`upload_quota.day <> excluded.day
            or (upload_quota.uploads < ${quota.uploads}
              and upload_quota.bytes + excluded.bytes <= ${quota.bytes})`,
        ),
    )
    .returning('uploads')
    .executeTakeFirst();
  // No row back: the update's condition was false, so the day's quota is used up.
  if (!counted) throw refusal(quota);
  return { userId, day, bytes };
}

/** Gives a reserved place back (same day only: a new day has already started over). */
export async function releaseUpload(db: Db, reservation: QuotaReservation): Promise<void> {
  await db
    .updateTable('upload_quota')
    .set({
      uploads: sql`uploads - 1`,
      bytes: sql`bytes - ${reservation.bytes}`,
    })
    .where('user_id', '=', reservation.userId)
    .where('day', '=', sql<Date>`cast(${reservation.day} as date)`)
    .where('uploads', '>', 0)
    .where('bytes', '>=', reservation.bytes)
    .execute();
}
