// The products' ledgers, one line each: every posting kind the exchange writes, with its reference
// and how it shows in a user's records, and every product's system accounts. The ledger's kinds
// and accounts are typed from the products' own declarations (server/ledger/kinds.ts); this list is
// what the records and the ledger check read at run time, and the type checker holds it to them.
import { aiLedger } from './ai/ledger-kinds.ts';
import { contractLedger } from './contract/ledger-kinds.ts';
import { sharedSystemAccounts } from './ledger/accounts.ts';
import type { LedgerDeclarations } from './ledger/check.ts';
import type {
  DeclaredSystemAccounts,
  KindDefinition,
  PostingKind,
  ProductLedger,
} from './ledger/kinds.ts';
import { liquidityLedger } from './market-kernel/ledger-kinds.ts';
import { optionLedger } from './option/ledger-kinds.ts';
import { referralsLedger } from './referrals/ledger-kinds.ts';
import { spotLedger } from './spot/ledger-kinds.ts';
import { subscriptionLedger } from './subscription/ledger-kinds.ts';
import { walletLedger } from './wallet/ledger-kinds.ts';

export const productLedgers = [
  walletLedger,
  referralsLedger,
  liquidityLedger,
  spotLedger,
  contractLedger,
  optionLedger,
  subscriptionLedger,
  aiLedger,
] as const;

type Listed = (typeof productLedgers)[number];
type KindOf<L> = L extends ProductLedger<infer K, string> ? K : never;
type AccountOf<L> = L extends ProductLedger<string, infer A> ? A : never;
type ListedKind = KindOf<Listed>;
type ListedAccount = AccountOf<Listed>;
// A product that declares its kinds or accounts to the type checker but is missing here fails to
// compile: every declared name must be listed (and every listed one is declared by construction).
const everyKindListed: [PostingKind] extends [ListedKind] ? true : never = true;
const everyAccountListed: [keyof DeclaredSystemAccounts] extends [ListedAccount] ? true : never =
  true;
void everyKindListed;
void everyAccountListed;

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own reference parts.
export type AnyKind = KindDefinition<any>;

/** Every declared kind by name, with the product that declared it. */
export const postingKinds: ReadonlyMap<PostingKind, AnyKind & { product: string }> = new Map(
  productLedgers.flatMap((ledger) =>
    Object.entries(ledger.kinds).map(
      ([name, definition]) =>
        [name as PostingKind, { ...(definition as AnyKind), product: ledger.product }] as const,
    ),
  ),
);

/** Every system account: the ledger's shared ones and each product's, once each. */
export const declaredSystemAccounts: readonly string[] = [
  ...new Set([
    ...sharedSystemAccounts,
    ...productLedgers.flatMap((ledger) =>
      ledger.systemAccounts.map((account: { name: string }) => account.name),
    ),
  ]),
];

/** What the ledger check holds the database to: every account and kind some product declared. */
export const ledgerDeclarations: LedgerDeclarations = {
  systemAccounts: declaredSystemAccounts,
  kinds: [...postingKinds.keys()],
};
