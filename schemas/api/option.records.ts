// How the second contracts' movements show in the records: a stake and its payout or refund.
import { recordVocabulary } from '../record-vocabulary.ts';

export const optionRecords = recordVocabulary({
  types: ['option'],
  labels: ['option_stake', 'option_payout'],
  links: ['option_contract'],
});
