// KYC_REQUIRED_FOR_WITHDRAWAL: a deployment may let only verified users withdraw.
import type { Db } from '../db/database.ts';
import { BusinessError } from '../http/business-error.ts';

export async function assertMayWithdraw(db: Db, required: boolean, userId: number): Promise<void> {
  if (!required) return;
  const user = await db
    .selectFrom('users')
    .select('kyc_status')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.kyc_status !== 'verified') throw new BusinessError('verification_required');
}
