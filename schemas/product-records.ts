// The products' record vocabularies (schemas/api/<product>.records.ts): the types the records
// page filters by, the labels an entry may carry (`wallet.records.labels.<label>`) and what an
// entry may link to, each product in the order the records page shows its types. Three lists,
// each joined by a pure call, so the records page's filters load the types and not the labels.
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

/** Lists one after another, as one list of their words; pure, so an unused one is left out. */
export function joined<const Lists extends readonly (readonly string[])[]>(
  ...lists: Lists
): readonly Lists[number][number][] {
  return lists.flat();
}

export const productRecordTypes = /* @__PURE__ */ joined(
  spotRecordTypes,
  contractRecordTypes,
  optionRecordTypes,
  subscriptionRecordTypes,
  aiRecordTypes,
);

export const productRecordLabels = /* @__PURE__ */ joined(
  spotRecordLabels,
  contractRecordLabels,
  optionRecordLabels,
  subscriptionRecordLabels,
  aiRecordLabels,
);

export const productRecordLinks = /* @__PURE__ */ joined(
  spotRecordLinks,
  contractRecordLinks,
  optionRecordLinks,
  subscriptionRecordLinks,
  aiRecordLinks,
);
