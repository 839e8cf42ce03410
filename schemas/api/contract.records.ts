// How the perpetual contracts' movements show in the records: trades and their fees, margin moved
// in and out, funding, liquidation, deleveraging and the insurance fund's part.
import { recordVocabulary } from '../record-vocabulary.ts';

export const contractRecords = recordVocabulary({
  types: ['contract'],
  labels: [
    'contract_trade',
    'contract_margin',
    'contract_funding',
    'contract_liquidation',
    'contract_deleveraging',
    'contract_insurance',
  ],
  links: ['contract_order', 'contract_position'],
});
