// How spot's movements show in the records: a fill's trade and its commission, each linking to
// its order.
import { recordVocabulary } from '../record-vocabulary.ts';

export const spotRecords = recordVocabulary({
  types: ['trade', 'commission'],
  labels: ['trade', 'commission'],
  links: ['spot_order'],
});
