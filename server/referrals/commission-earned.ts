// What a user has earned in referral commission at each level, per asset: the sum of their
// entries of each level's posting kind (`commission.referral.<level>`), read by kind alone.
// Commission posted before it was posted per level (`commission.referral`) shows in the records
// but at no level (docs/referrals.md).
import { displayAmount, parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import { levelCommissionKinds } from './ledger-kinds.ts';

export interface LevelEarning {
  level: 1 | 2 | 3;
  asset: string;
  amount: string;
}

const levelOf = new Map(levelCommissionKinds.map((kind, index) => [kind, index + 1] as const));

export async function commissionEarned(db: Db, userId: number): Promise<LevelEarning[]> {
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.id', 'e.posting_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
    .select(['p.kind', 'a.asset', (eb) => eb.fn.sum<string>('e.amount').as('amount')])
    .where('a.user_id', '=', userId)
    .where('p.kind', 'in', [...levelCommissionKinds])
    .groupBy(['p.kind', 'a.asset'])
    .execute();
  return rows
    .map((row) => ({
      level: (levelOf.get(row.kind as (typeof levelCommissionKinds)[number]) ?? 1) as 1 | 2 | 3,
      asset: row.asset,
      amount: displayAmount(parseAmount(String(row.amount)) ?? 0n),
    }))
    .sort((a, b) => a.level - b.level || a.asset.localeCompare(b.asset));
}

/** A rate in parts per million as the decimal fraction it was set as (`200000` → `0.2`). */
export function rateText(ppm: number): string {
  const whole = Math.floor(ppm / 1_000_000);
  const fraction = String(ppm % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}
