// The verification lifecycle: unverified → pending (a submission under review) → verified, or
// rejected with a reason and open to a new submission. `users.kyc_status` always follows the
// newest submission, and both change in one transaction.
import type { z } from 'zod';
import {
  isValidIdNumber,
  isValidRealName,
  maskIdNumber,
  maskRealName,
  normaliseIdNumber,
  normaliseRealName,
} from '../../core/identity/identity-rules.ts';
import type { verificationInfoSchema } from '../../schemas/api/security.schema.ts';
import type { Clock } from '../clock.ts';
import { type Db, isUniqueViolation } from '../db/database.ts';
import type { VerificationStatus } from '../db/tables.ts';
import { BusinessError } from '../http/business-error.ts';
import { nameFromUploadUrl, ownUpload } from './upload-store.ts';

export type VerificationInfo = z.input<typeof verificationInfoSchema>;

function newestSubmission(db: Db, userId: number) {
  return db
    .selectFrom('identity_submissions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function statusOf(db: Db, userId: number): Promise<VerificationStatus> {
  const user = await db
    .selectFrom('users')
    .select('kyc_status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.kyc_status;
}

/** What the user sees of their own verification: the values masked, never the images. */
export async function verificationInfo(db: Db, userId: number): Promise<VerificationInfo> {
  const status = await statusOf(db, userId);
  const newest = await newestSubmission(db, userId);
  return {
    status,
    real_name: newest ? maskRealName(newest.real_name) : null,
    id_number: newest ? maskIdNumber(newest.id_number) : null,
    submitted_at: newest ? newest.created_at.toISOString() : null,
    reviewed_at: newest?.reviewed_at ? newest.reviewed_at.toISOString() : null,
    reject_reason: newest?.status === 'rejected' ? newest.reject_reason : null,
  };
}

export interface SubmissionInput {
  real_name: string;
  id_number: string;
  front_img: string;
  back_img: string;
}

async function ownImage(db: Db, userId: number, url: string): Promise<number> {
  const name = nameFromUploadUrl(url);
  const upload = name === null ? null : await ownUpload(db, userId, name);
  if (!upload) throw new BusinessError('verification_image_invalid');
  return upload.id;
}

/** Checks everything before writing anything: a refused submission changes nothing. */
export async function submitVerification(
  db: Db,
  clock: Clock,
  userId: number,
  input: SubmissionInput,
): Promise<VerificationInfo> {
  const status = await statusOf(db, userId);
  if (status === 'pending') throw new BusinessError('verification_pending');
  if (status === 'verified') throw new BusinessError('already_verified');
  if (!isValidRealName(input.real_name)) throw new BusinessError('real_name_invalid');
  if (!isValidIdNumber(input.id_number)) throw new BusinessError('id_number_invalid');
  const front = await ownImage(db, userId, input.front_img);
  const back = await ownImage(db, userId, input.back_img);
  if (front === back) throw new BusinessError('verification_images_same');
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('identity_submissions')
        .values({
          user_id: userId,
          real_name: normaliseRealName(input.real_name),
          id_number: normaliseIdNumber(input.id_number),
          front_upload_id: front,
          back_upload_id: back,
          status: 'pending',
        })
        .execute();
      await trx
        .updateTable('users')
        .set({ kyc_status: 'pending', updated_at: clock.now() })
        .where('id', '=', userId)
        .execute();
    });
  } catch (error) {
    // Two submissions raced: the one-pending-per-user index let the first through.
    if (isUniqueViolation(error)) throw new BusinessError('verification_pending');
    throw error;
  }
  return verificationInfo(db, userId);
}

export class ReviewError extends Error {}

/** An operator's decision on the user's submission under review. */
export async function reviewVerification(
  db: Db,
  clock: Clock,
  userId: number,
  decision: { action: 'approve' } | { action: 'reject'; reason: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pending = await trx
      .selectFrom('identity_submissions')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!pending) throw new ReviewError('no verification under review for this user');
    const now = clock.now();
    const status = decision.action === 'approve' ? 'verified' : 'rejected';
    await trx
      .updateTable('identity_submissions')
      .set({
        status,
        reviewed_at: now,
        reject_reason: decision.action === 'reject' ? decision.reason : null,
      })
      .where('id', '=', pending.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ kyc_status: status, updated_at: now })
      .where('id', '=', userId)
      .execute();
  });
}
