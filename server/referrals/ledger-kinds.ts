// Referral commission: the inviters' shares of a fill's fees, paid from the fee account. Spot and
// futures fills both pay it, each with a reference naming the fill it pays for.
import { defineProductLedger, type KindsOf, kind, type ReferenceFormat } from '../ledger/kinds.ts';

/** `<market>:commission:<taker order>:<fill>`: spot names the fill's index, futures the maker order. */
export const commissionReference: ReferenceFormat<{
  market: 'spot' | 'contract';
  takerOrder: number;
  fill: number;
}> = {
  build: ({ market, takerOrder, fill }) => `${market}:commission:${takerOrder}:${fill}`,
  parse(text) {
    const match = /^(spot|contract):commission:([0-9]+):([0-9]+)$/.exec(text);
    if (!match) return null;
    const market = match[1] === 'spot' ? 'spot' : 'contract';
    return { market, takerOrder: Number(match[2]), fill: Number(match[3]) };
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
