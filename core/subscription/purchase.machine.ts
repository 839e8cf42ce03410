// A commitment to a pre-sale on the buy page: the amount typed, checked against the cap the user has
// left and the funding wallet (core/subscription/commitment.ts), sent with one idempotency key per
// intent; then committed, refused, or unanswered (sent again with the same key).

import {
  type PurchaseCheck,
  type PurchaseFormProblem,
  purchaseMachine,
} from '../machines/purchase.machine.ts';
import type { CommitmentRule } from './commitment.ts';

export type SubscriptionCheck = PurchaseCheck<CommitmentRule>;
export type SubscriptionFormProblem = PurchaseFormProblem<CommitmentRule>;

export const subscriptionPurchaseMachine = purchaseMachine<CommitmentRule>('subscriptionPurchase');
