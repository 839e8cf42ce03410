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

export const referralsLedger = defineProductLedger({
  product: 'referrals',
  kinds: {
    'commission.referral': kind({
      reference: commissionReference,
      record: { type: 'commission', label: 'commission', sign: 'balance' },
    }),
  },
  systemAccounts: [],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof referralsLedger> {}
}
