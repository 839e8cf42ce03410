// Referral commission: the inviters' shares of a fill's fees, paid from the fee account. Every
// market's fills pay it, each with a reference naming the fill it pays for.
import { defineProductLedger, type KindsOf, kind, type ReferenceFormat } from '../ledger/kinds.ts';

/**
 * `<market>:commission:<taker order>:<fill>`: the fill the commission pays for, named by the
 * product whose market it was in (each names its fill its own way: an index, a maker order).
 */
export const commissionReference: ReferenceFormat<{
  market: string;
  takerOrder: number;
  fill: number;
}> = {
  build: ({ market, takerOrder, fill }) => `${market}:commission:${takerOrder}:${fill}`,
  parse(text) {
    const match = /^([a-z_]+):commission:([0-9]+):([0-9]+)$/.exec(text);
    if (!match?.[1]) return null;
    return { market: match[1], takerOrder: Number(match[2]), fill: Number(match[3]) };
  },
};

/**
 * `<market>:commission:<taker order>:<fill>:<level>`: one level's commission on a fill, so what a
 * user earned at each level is read by kind alone (docs/referrals.md).
 */
export const levelCommissionReference: ReferenceFormat<{
  market: string;
  takerOrder: number;
  fill: number;
  level: number;
}> = {
  build: ({ level, ...fill }) => `${commissionReference.build(fill)}:${level}`,
  parse(text) {
    const match = /^(.+):([1-3])$/.exec(text);
    const fill = match?.[1] ? commissionReference.parse(match[1]) : null;
    return fill ? { ...fill, level: Number(match?.[2]) } : null;
  },
};

const commissionRecord = { type: 'commission', label: 'commission', sign: 'balance' } as const;

/** The kind of each level's commission, nearest first. */
export const levelCommissionKinds = [
  'commission.referral.1',
  'commission.referral.2',
  'commission.referral.3',
] as const;

export const referralsLedger = defineProductLedger({
  product: 'referrals',
  kinds: {
    // Before commission was posted per level: every level's share of a fill in one posting.
    'commission.referral': kind({ reference: commissionReference, record: commissionRecord }),
    'commission.referral.1': kind({
      reference: levelCommissionReference,
      record: commissionRecord,
    }),
    'commission.referral.2': kind({
      reference: levelCommissionReference,
      record: commissionRecord,
    }),
    'commission.referral.3': kind({
      reference: levelCommissionReference,
      record: commissionRecord,
    }),
  },
  systemAccounts: [],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof referralsLedger> {}
}
