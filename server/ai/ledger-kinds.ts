// The AI products' money movements: a purchase's principal into the product pool, the daily
// rewards from the reward reserve (with the principal back at maturity), an early withdrawal's
// return, and the treasury's funding of the reserve.
import {
  type AccountsOf,
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
} from '../ledger/kinds.ts';

export const buyReference = colonReference('ai:buy', { order: 'int' });
export const withdrawReference = colonReference('ai:withdraw', { order: 'int' });
/** One accrual of a product's group (bought for the same start) over a run of days. */
export const accrueReference = colonReference('ai:accrue', {
  product: 'int',
  startsAt: 'int',
  days: 'text',
});
/** The operator's funding of a product's reward reserve, named by a fresh id. */
export const fundReference = colonReference('ai:fund', { product: 'int', funding: 'text' });

const orderLink = { to: 'ai_order', id: (parts: { order: number }) => parts.order } as const;

export const aiLedger = defineProductLedger({
  product: 'ai',
  kinds: {
    'ai.buy': kind({
      reference: buyReference,
      record: { type: 'ai', label: 'ai_purchase', sign: 'balance', links: orderLink },
    }),
    /** Rewards for the days, and at maturity the principal too. */
    'ai.accrue': kind({
      reference: accrueReference,
      record: {
        type: 'ai',
        label: 'ai_reward',
        sign: 'balance',
        links: { to: 'ai_product', id: (parts) => parts.product },
      },
    }),
    'ai.withdraw': kind({
      reference: withdrawReference,
      record: { type: 'ai', label: 'ai_return', sign: 'balance', links: orderLink },
    }),
    'ai.fund': kind({ reference: fundReference, record: 'operator' }),
  },
  systemAccounts: [
    {
      name: 'product_pools',
      holds: "money staked in products: the AI products' principal",
    },
    {
      name: 'ai_reserve',
      holds: "the AI products' reward reserve: funded from the treasury, paid out as daily rewards",
    },
  ],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof aiLedger> {}
  interface DeclaredSystemAccounts extends AccountsOf<typeof aiLedger> {}
}
