// The subscription pages' addresses: the projects, a project's buy page (`?id=3`) and the records.
export const subscriptionListPath = '/pages/subscription/index';
export const subscriptionBuyPath = '/pages/subscription/buy';
export const subscriptionRecordPath = '/pages/subscription/record';
