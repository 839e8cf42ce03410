// How the pre-sale subscriptions' movements show in the records: a commitment, its refund and the
// allocation of the tokens.

export const subscriptionRecordTypes = ['subscription'] as const;
export const subscriptionRecordLabels = [
  'subscription_commit',
  'subscription_refund',
  'subscription_allocation',
] as const;
export const subscriptionRecordLinks = ['subscription_project'] as const;
