// Referral commission on trading fees (spot and perpetual contracts), as data: for each fill, the
// inviters of each fee payer at levels 1 to 3 receive their level's share of that fee from the
// `fees` account, in one balanced posting per fill and level. Pure, so the writer posts the same plan the property test checks.
//
// Shares are rounded down to a whole atom: together they never exceed the fee just collected, so
// the fees account cannot be paid out below what the fill put into it.
import type { AccountRef, Leg } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import type { BookMarket } from '../market-kernel/book-market.ts';
import type { Fill } from '../spot/settlement.ts';
import { commissionReference, levelCommissionKinds } from './ledger-kinds.ts';

/** A user's inviters, nearest first: level 1 (who invited them), then 2 and 3. */
export type InviterChains = ReadonlyMap<number, readonly number[]>;

const ppmUnit = 1_000_000n;

/** One level's share of a fee, rounded down. */
export function commissionOn(fee: bigint, ratePpm: number): bigint {
  return (fee * BigInt(ratePpm)) / ppmUnit;
}

/** Who paid which fee in a fill: a buyer pays in base, a seller in quote. */
export function feePayers(
  market: Pick<BookMarket, 'base' | 'quote'>,
  fill: Fill,
): { userId: number; asset: string; fee: bigint }[] {
  const takerBuys = fill.takerSide === 'buy';
  return [
    {
      userId: takerBuys ? fill.takerUserId : fill.makerUserId,
      asset: market.base,
      fee: takerBuys ? fill.takerFee : fill.makerFee,
    },
    {
      userId: takerBuys ? fill.makerUserId : fill.takerUserId,
      asset: market.quote,
      fee: takerBuys ? fill.makerFee : fill.takerFee,
    },
  ];
}

/** The users whose inviters a command's fills need: everyone who paid a fee. */
export function payersOf(market: Pick<BookMarket, 'base' | 'quote'>, fills: readonly Fill[]) {
  const ids = new Set<number>();
  for (const fill of fills) {
    for (const payer of feePayers(market, fill)) if (payer.fee > 0n) ids.add(payer.userId);
  }
  return [...ids];
}

/** A fee paid, by whom and in which asset. */
export interface FeePaid {
  userId: number;
  asset: string;
  fee: bigint;
}

/**
 * The postings that pay each payer's inviters their levels' shares of the fee from the `fees`
 * account into their funding wallets: one per level (kind `commission.referral.<level>`, the
 * fill's `reference` with `:<level>`), so what a user earned at each level is read by kind alone.
 * None for a level nobody is owed anything at.
 */
export function commissionPosting(
  payers: readonly FeePaid[],
  chains: InviterChains,
  ratesPpm: readonly number[],
  reference: string,
  /** The market whose fees shard the fee went to, and the commission comes from. */
  shard: string,
): Posting[] {
  return levelCommissionKinds.slice(0, ratesPpm.length).flatMap((kind, level) => {
    const legs: Leg[] = [];
    for (const payer of payers) {
      const inviter = chains.get(payer.userId)?.[level];
      if (inviter === undefined) continue;
      const amount = commissionOn(payer.fee, ratesPpm[level] ?? 0);
      if (amount <= 0n) continue;
      const fees: AccountRef = { system: 'fees', asset: payer.asset, shard };
      const account: AccountRef = { user: inviter, wallet: 'funding', asset: payer.asset };
      legs.push(
        { account: fees, bucket: 'available', amount: -amount },
        { account, bucket: 'available', amount },
      );
    }
    return legs.length === 0 ? [] : [{ kind, reference: `${reference}:${level + 1}`, legs }];
  });
}

/**
 * The commission postings of a command's spot fills, in fill order. `fills` are the settlement's,
 * in its order: a fill's position is the index its own posting reference carries, so each
 * commission reference is unique and names the fill it pays for.
 */
export function commissionPostings(
  market: Pick<BookMarket, 'symbol' | 'base' | 'quote'>,
  fills: readonly Fill[],
  chains: InviterChains,
  ratesPpm: readonly number[],
): Posting[] {
  return fills.flatMap((fill, index) =>
    commissionPosting(
      feePayers(market, fill),
      chains,
      ratesPpm,
      commissionReference.build({ market: 'spot', takerOrder: fill.takerOrderId, fill: index }),
      market.symbol,
    ),
  );
}
