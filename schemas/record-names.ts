// The words of the user's records: the types the records page filters by, the labels an entry may
// carry and what an entry may link to. The wallet's own come first, then each product's, as it
// declares them (schemas/api/<product>.records.ts), in the order the records page shows the types.
// No zod here: the records page reads the types before any schema loads.
import { aiRecordLabels, aiRecordLinks, aiRecordTypes } from './api/ai.records.ts';
import {
  contractRecordLabels,
  contractRecordLinks,
  contractRecordTypes,
} from './api/contract.records.ts';
import { optionRecordLabels, optionRecordLinks, optionRecordTypes } from './api/option.records.ts';
import { spotRecordLabels, spotRecordLinks, spotRecordTypes } from './api/spot.records.ts';
import {
  subscriptionRecordLabels,
  subscriptionRecordLinks,
  subscriptionRecordTypes,
} from './api/subscription.records.ts';

/** Lists one after another, as one list of their words. */
function joined<const Lists extends readonly (readonly string[])[]>(
  ...lists: Lists
): readonly Lists[number][number][] {
  return lists.flat();
}

/**
 * What a movement was, as the records filter it: the wallet's own three, then each product's. Each
 * posting kind names its type (server/ledgers.ts).
 */
export const recordTypes = joined(
  ['deposit', 'withdrawal', 'transfer'] as const,
  spotRecordTypes,
  contractRecordTypes,
  optionRecordTypes,
  subscriptionRecordTypes,
  aiRecordTypes,
);

/** What an entry says it was, in the user's language (`wallet.records.labels.<label>`). */
export const recordLabels = joined(
  ['deposit', 'withdrawal', 'withdrawal_returned', 'transfer'] as const,
  spotRecordLabels,
  contractRecordLabels,
  optionRecordLabels,
  subscriptionRecordLabels,
  aiRecordLabels,
);

/** What an entry's reference leads to, for a link to its order, contract, project or withdrawal. */
export const recordLinks = joined(
  ['withdrawal'] as const,
  spotRecordLinks,
  contractRecordLinks,
  optionRecordLinks,
  subscriptionRecordLinks,
  aiRecordLinks,
);
