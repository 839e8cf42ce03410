// How the AI products' movements show in the records: a purchase, its rewards and an early
// withdrawal's return.

export const aiRecordTypes = ['ai'] as const;
export const aiRecordLabels = ['ai_purchase', 'ai_reward', 'ai_return'] as const;
export const aiRecordLinks = ['ai_order', 'ai_product'] as const;
