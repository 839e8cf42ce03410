// The products' record vocabularies, one line each, in the order the records page shows their
// types (docs/architecture.md § "Adding a product").
import { aiRecords } from './api/ai.records.ts';
import { contractRecords } from './api/contract.records.ts';
import { optionRecords } from './api/option.records.ts';
import { spotRecords } from './api/spot.records.ts';
import { subscriptionRecords } from './api/subscription.records.ts';

export const productRecords = [
  spotRecords,
  contractRecords,
  optionRecords,
  subscriptionRecords,
  aiRecords,
] as const;

type Product = (typeof productRecords)[number];

export const productRecordTypes: readonly Product['types'][number][] = productRecords.flatMap(
  (product) => product.types,
);
export const productRecordLabels: readonly Product['labels'][number][] = productRecords.flatMap(
  (product) => product.labels,
);
export const productRecordLinks: readonly Product['links'][number][] = productRecords.flatMap(
  (product) => product.links,
);
