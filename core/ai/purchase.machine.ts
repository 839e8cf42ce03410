// A purchase of a fixed-term product on its page: the amount typed, checked against the product's
// minimum, maximum and remaining quota and the funding wallet (core/ai/purchase.ts), confirmed
// on a sheet that repeats the amount, the term and what it returns, sent with one idempotency key
// per intent; then bought (the order with its schedule), refused, or unanswered
// (sent again with the same key).

import { type PurchaseFormProblem, purchaseMachine } from '../machines/purchase.machine.ts';
import type { PurchaseRule } from './purchase.ts';

export type AiFormProblem = PurchaseFormProblem<PurchaseRule>;

export const aiPurchaseMachine = purchaseMachine<PurchaseRule>('aiPurchase', { confirms: true });
