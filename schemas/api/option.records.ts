// How the second contracts' movements show in the records: a stake and its payout or refund.

export const optionRecordTypes = ['option'] as const;
export const optionRecordLabels = ['option_stake', 'option_payout'] as const;
export const optionRecordLinks = ['option_contract'] as const;
