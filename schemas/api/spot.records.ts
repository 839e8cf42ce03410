// How spot's movements show in the records: a fill's trade and its commission, each linking to
// its order.

export const spotRecordTypes = ['trade', 'commission'] as const;
export const spotRecordLabels = ['trade', 'commission'] as const;
export const spotRecordLinks = ['spot_order'] as const;
