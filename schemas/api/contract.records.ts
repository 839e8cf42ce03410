// How the perpetual contracts' movements show in the records: trades and their fees, margin moved
// in and out, funding, liquidation, deleveraging and the insurance fund's part.

export const contractRecordTypes = ['contract'] as const;
export const contractRecordLabels = [
  'contract_trade',
  'contract_margin',
  'contract_funding',
  'contract_liquidation',
  'contract_deleveraging',
  'contract_insurance',
] as const;
export const contractRecordLinks = ['contract_order', 'contract_position'] as const;
