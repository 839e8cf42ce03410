// Each user's daily loss limit on the second contract: the deployment's limit until the user sets
// a lower one. Lowering counts at once; a raise (never past the deployment's) waits a day, so a
// limit cannot be lifted in the heat of a losing streak.
import { displayAmount, formatAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { effectiveLimit } from './option-funds.ts';
import { lostStakesSince } from './option-store.ts';

const dayMs = 86_400_000;

export interface LossLimits {
  daily_limit: string;
  max_limit: string;
  pending: { daily_limit: string; from: string } | null;
  lost_today: string;
}

async function limitRow(db: Db, userId: number) {
  return db
    .selectFrom('option_loss_limits')
    .select(['daily_limit', 'raise_to', 'raise_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function lossLimits(
  db: Db,
  userId: number,
  max: bigint,
  now: number,
): Promise<LossLimits> {
  const row = await limitRow(db, userId);
  // "Lost today" on the page: the stakes lost today, not the limit's use (which nets wins against
  // losses and counts open stakes as at risk), so a lost contract always shows in it.
  const lost = await lostStakesSince(db, userId, now - (now % dayMs));
  const current = row ? effectiveLimit(row, now) : max;
  const raiseAt = row?.raise_at ? new Date(row.raise_at).getTime() : null;
  const pending =
    row?.raise_to && raiseAt !== null && raiseAt > now
      ? {
          daily_limit: displayAmount(parseAmount(String(row.raise_to)) ?? 0n),
          from: new Date(raiseAt).toISOString(),
        }
      : null;
  return {
    daily_limit: displayAmount(current),
    max_limit: displayAmount(max),
    pending,
    lost_today: displayAmount(lost),
  };
}

export async function setLossLimit(
  db: Db,
  userId: number,
  limit: bigint,
  max: bigint,
  now: number,
): Promise<LossLimits> {
  const row = await limitRow(db, userId);
  const current = row ? effectiveLimit(row, now) : max;
  const lower = limit <= current;
  // A lower limit counts at once; a higher one is kept beside the current until its day passes.
  const stored = {
    daily_limit: formatAmount(lower ? limit : current),
    raise_to: lower ? null : formatAmount(limit),
    raise_at: lower ? null : new Date(now + dayMs),
    updated_at: new Date(now),
  };
  await db
    .insertInto('option_loss_limits')
    .values({ user_id: userId, ...stored })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(stored))
    .execute();
  return lossLimits(db, userId, max, now);
}
