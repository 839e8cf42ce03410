// Subscriptions' money movements: a commitment frozen in the funding wallet, and a project's
// distribution, which takes what the allocation used into the product pool, pays the rest back
// and credits the tokens from the issuance account.
import {
  type AccountsOf,
  colonReference,
  defineProductLedger,
  type KindsOf,
  kind,
} from '../ledger/kinds.ts';

/** One call's commitment: the project, the user and the call's idempotency key. */
export const commitReference = colonReference('subscription:commit', {
  project: 'int',
  user: 'int',
  key: 'text',
});
/** One batch of a project's distribution, named by its first user's account hash. */
export const distributeReference = colonReference('subscription:distribute', {
  project: 'int',
  batch: 'text',
});

/** The asset commitments are paid in; a project's tokens are any other. */
const committedAsset = 'USDT';

export const subscriptionLedger = defineProductLedger({
  product: 'subscription',
  kinds: {
    'subscription.commit': kind({
      reference: commitReference,
      record: {
        type: 'subscription',
        label: 'subscription_commit',
        sign: 'available',
        links: { to: 'subscription_project', id: (parts) => parts.project },
      },
    }),
    'subscription.distribute': kind({
      reference: distributeReference,
      record: {
        type: 'subscription',
        label: (line) =>
          line.asset === committedAsset ? 'subscription_refund' : 'subscription_allocation',
        sign: 'available',
        links: { to: 'subscription_project', id: (parts) => parts.project },
      },
    }),
  },
  systemAccounts: [
    {
      name: 'product_pools',
      holds: 'money staked in products: what the pre-sales were paid for their tokens',
    },
    { name: 'issuance', holds: 'where pre-sale tokens come from: negative by every token given' },
  ],
});

declare module '../ledger/kinds.ts' {
  interface DeclaredPostingKinds extends KindsOf<typeof subscriptionLedger> {}
  interface DeclaredSystemAccounts extends AccountsOf<typeof subscriptionLedger> {}
}
