// How the AI products' movements show in the records: a purchase, its rewards and an early
// withdrawal's return.
import { recordVocabulary } from '../record-vocabulary.ts';

export const aiRecords = recordVocabulary({
  types: ['ai'],
  labels: ['ai_purchase', 'ai_reward', 'ai_return'],
  links: ['ai_order', 'ai_product'],
});
