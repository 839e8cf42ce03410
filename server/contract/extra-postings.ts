// What a contract batch posts beyond its commands' own postings, read from the database: the
// insurance fund's cover where a cross wallet cannot pay a loss, and referral commission on the
// batch's fees.
import { sql, type Transaction } from 'kysely';
import { smaller } from '../../core/contract/rounding.ts';
import { parseAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/tables.ts';
import type { Posting } from '../ledger/post.ts';
import { commissionPosting } from '../referrals/commission.ts';
import type { InviterCache } from '../referrals/inviter-cache.ts';
import { commissionReference } from '../referrals/ledger-kinds.ts';
import { type ContractFill, Legs } from './batch-types.ts';
import { shortfallReference } from './ledger-kinds.ts';

/**
 * A cross position's loss is taken from its wallet; where the wallet cannot cover it (a close
 * far beyond bankruptcy), the insurance fund pays the difference so no balance goes below zero.
 * Balances are read in the batch's transaction, for every wallet the batch takes money from.
 *
 * The fund covers losses only. `expected` is what the batch, reading the wallet before it ran,
 * left in it (undefined for a wallet it did not read): the fund pays no more than that shows
 * missing. Money that left the wallet while the batch ran (the user's own transfer) is not a
 * loss: its shortfall stays, the batch's write refuses it, and the command that needed the money
 * is refused on its own (server/engine/group-commit.ts) instead of being paid for by the fund.
 */
export async function shortfallPostings(
  trx: Transaction<Database>,
  postings: readonly Posting[],
  expected: (user: number) => bigint | undefined,
): Promise<Posting[]> {
  const net = new Map<number, { available: bigint; reference: string }>();
  for (const posting of postings) {
    for (const leg of posting.legs) {
      const { account } = leg;
      if (!('user' in account) || account.wallet !== 'contract' || leg.bucket !== 'available') {
        continue;
      }
      const entry = net.get(account.user) ?? { available: 0n, reference: posting.reference };
      entry.available += leg.amount;
      entry.reference = posting.reference;
      net.set(account.user, entry);
    }
  }
  const takers = [...net].filter(([, entry]) => entry.available < 0n).map(([user]) => user);
  if (takers.length === 0) return [];
  const { rows } = await sql<{ user_id: number; available: string }>`
    select user_id, available::text from ledger_accounts
    where user_id = any(${takers}::int[]) and wallet = 'contract' and asset = 'USDT'`.execute(trx);
  const held = new Map(rows.map((row) => [row.user_id, parseAmount(row.available) ?? 0n]));
  return takers.flatMap((user) => {
    const entry = net.get(user) as { available: bigint; reference: string };
    const after = (held.get(user) ?? 0n) + entry.available;
    if (after >= 0n) return [];
    const foreseen = expected(user);
    const missing = foreseen === undefined ? -after : smaller(-after, -foreseen);
    if (missing <= 0n) return [];
    const legs = new Legs();
    legs.add({ user, wallet: 'contract', asset: 'USDT' }, 'available', missing);
    legs.add({ system: 'insurance', asset: 'USDT' }, 'available', -missing);
    const reference = shortfallReference.build({ of: entry.reference, user });
    return [legs.posting('contract.shortfall', reference) as Posting];
  });
}

/** Referral commission on each fill's fees, from the fee account (docs/referrals.md). */
export async function commissionPostings(
  db: Db,
  inviters: InviterCache,
  fills: readonly ContractFill[],
  ratesPpm: readonly number[],
): Promise<Posting[]> {
  const paid = fills.filter((fill) => fill.takerFee > 0n || fill.makerFee > 0n);
  if (!ratesPpm.some((rate) => rate > 0) || paid.length === 0) return [];
  const payers = paid.flatMap((fill) => [fill.takerUserId, fill.makerUserId]);
  const chains = await inviters.of(db, [...new Set(payers)]);
  if (chains.size === 0) return [];
  return paid.flatMap((fill) =>
    commissionPosting(
      [
        { userId: fill.takerUserId, asset: 'USDT', fee: fill.takerFee },
        { userId: fill.makerUserId, asset: 'USDT', fee: fill.makerFee },
      ],
      chains,
      ratesPpm,
      commissionReference.build({
        market: 'contract',
        takerOrder: fill.takerOrderId,
        fill: fill.makerOrderId,
      }),
      fill.symbol,
    ),
  );
}
