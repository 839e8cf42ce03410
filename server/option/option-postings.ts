// The second contract's postings, as its writer commits them: a stake moves from the owner's
// option wallet into the pool, and a settled group (or a slice of it) pays every owner's payouts
// and refunds out of the pool in one posting (server/option/ledger-kinds.ts declares both kinds).
import { outcomeOf, payoutOf } from '../../core/option/settlement.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import { settleReference, stakeReference } from './ledger-kinds.ts';
import type { GroupSettlement, OptionRow } from './option-store.ts';

export const optionPool = { system: 'option_pool', asset: 'USDT' } as const satisfies AccountRef;
const walletOf = (user: number): AccountRef => ({ user, wallet: 'option', asset: 'USDT' });

/** A taken contract's stake, from its owner's option wallet into the pool. */
export function stakePosting(row: OptionRow): Posting {
  return {
    kind: 'option.stake',
    reference: stakeReference.build({ contract: row.id }),
    legs: [
      { account: walletOf(row.userId), bucket: 'available', amount: -row.stake },
      { account: optionPool, bucket: 'available', amount: row.stake },
    ],
  };
}

/**
 * What a settled group's contracts pay (all of them, or a slice), as one posting: from the pool to
 * each owner the sum of their contracts' payouts by the rule. None when nothing is paid (every
 * contract lost). A slice after the group's first is named by the contract it starts after.
 */
export function payoutPosting(
  settlement: GroupSettlement,
  contracts: readonly OptionRow[],
  after?: number,
): Posting | null {
  const byUser = new Map<number, bigint>();
  let total = 0n;
  for (const row of contracts) {
    const payout = payoutOf(outcomeOf(row.direction, settlement.upOutcome), row.stake, row.ratePpm);
    if (payout === 0n) continue;
    byUser.set(row.userId, (byUser.get(row.userId) ?? 0n) + payout);
    total += payout;
  }
  if (total === 0n) return null;
  return {
    kind: 'option.payout',
    reference: settleReference.build({
      symbol: settlement.symbol,
      openTime: settlement.openTime,
      expiryTime: settlement.expiryTime,
      ...(after === undefined ? {} : { after }),
    }),
    legs: [
      { account: optionPool, bucket: 'available', amount: -total },
      ...[...byUser].map(([user, amount]) => ({
        account: walletOf(user),
        bucket: 'available' as const,
        amount,
      })),
    ],
  };
}
