// The products' ways in, one line each, in the order the side menu's trading center and home's
// carousel show them: each product's folder exports its entry (src/shell/product-entry.ts), and a
// new product adds one line here (docs/architecture.md § "Adding a product"). Only the entries
// load from here; the pages stay in their folders' files, loaded by the route table. The build and
// the strings' checks read the products' folders from these imports' text, and when each one's
// pages load from its entry's folder (build/product-registry.ts): keep one `./<folder>/entry.ts`
// import per product.
import { aiEntry } from './ai/entry.ts';
import { contractEntry } from './contract/entry.ts';
import { optionEntry } from './option/entry.ts';
import type { ProductEntry } from './shell/product-entry.ts';
import { spotEntry } from './spot/entry.ts';
import { subscriptionEntry } from './subscription/entry.ts';

export const productEntries: readonly ProductEntry[] = [
  spotEntry,
  contractEntry,
  optionEntry,
  subscriptionEntry,
  aiEntry,
];
