// How the pre-sale subscriptions' movements show in the records: a commitment, its refund and the
// allocation of the tokens.
import { recordVocabulary } from '../record-vocabulary.ts';

export const subscriptionRecords = recordVocabulary({
  types: ['subscription'],
  labels: ['subscription_commit', 'subscription_refund', 'subscription_allocation'],
  links: ['subscription_project'],
});
