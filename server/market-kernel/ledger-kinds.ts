// The market kernel's one movement: the treasury lends the liquidity provider its first inventory
// in a wallet and asset, once (the reference is unique per wallet and asset). It moves only the
// operator's money, so no user's records show it.
import { defineProductLedger, type KindsOf, kind, type ReferenceFormat } from '../ledger/kinds.ts';

/** Lent once per wallet and asset; the funding wallet's reference names no wallet. */
export const seedReference: ReferenceFormat<{ wallet: string; asset: string }> = {
  build: ({ wallet, asset }) =>
    wallet === 'funding' ? `lp:seed:${asset}` : `lp:seed:${wallet}:${asset}`,
  parse(text) {
    const parts = text.split(':');
    if (parts[0] !== 'lp' || parts[1] !== 'seed') return null;
    if (parts.length === 3 && parts[2]) return { wallet: 'funding', asset: parts[2] };
    if (parts.length === 4 && parts[2] && parts[3]) return { wallet: parts[2], asset: parts[3] };
    return null;
  },
};

export const liquidityLedger = defineProductLedger({
  product: 'liquidity',
  kinds: {
    'liquidity.seed': kind({ reference: seedReference, record: 'operator' }),
  },
  systemAccounts: [],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof liquidityLedger> {}
}
