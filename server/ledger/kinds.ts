// How a product declares the money movements it posts: each posting kind with its reference (built
// and read back in one place), how the kind shows in a user's records, and the system accounts it
// moves money through. The products declare theirs in their own folder (`ledger-kinds.ts`) and add
// their names to the two registries below by declaration merging, so `Posting.kind` and a system
// account are checked by the type checker while the ledger names no product. `server/ledgers.ts`
// collects the declarations for the records and the ledger check.
import type { Kysely } from 'kysely';
import type {
  RecordLabel,
  RecordLinkTo,
  RecordTrade,
  RecordType,
} from '../../schemas/api/wallet.schema.ts';
import type { Database } from '../db/tables.ts';

/**
 * The posting kinds every product declared, by name. A product adds its kinds with
 * `declare module '../ledger/kinds.ts' { interface DeclaredPostingKinds extends KindsOf<…> {} }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the products' declarations.
export interface DeclaredPostingKinds {}
/** The system accounts the products declared, by name; added to as `DeclaredPostingKinds` is. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the products' declarations.
export interface DeclaredSystemAccounts {}

/** A kind some product declared: what a posting may be. */
export type PostingKind = keyof DeclaredPostingKinds & string;

/** How a reference is written from its parts and read back into them. */
export interface ReferenceFormat<Parts> {
  build(parts: Parts): string;
  /** The parts, or null when `text` is not a reference of this format. */
  parse(text: string): Parts | null;
}

type Segment = 'int' | 'text';
type SegmentValue<S extends Segment> = S extends 'int' ? number : string;
export type SegmentParts<F extends Record<string, Segment>> = {
  readonly [K in keyof F]: SegmentValue<F[K]>;
};

/**
 * A reference of the form `prefix:a:b:…`, one segment per field in the order given: `int` fields
 * are whole numbers, `text` fields hold no colon except the last field, which takes the rest.
 */
export function colonReference<const F extends Record<string, Segment>>(
  prefix: string,
  fields: F,
): ReferenceFormat<SegmentParts<F>> {
  const names = Object.keys(fields);
  return {
    build: (parts) => [prefix, ...names.map((name) => String(parts[name]))].join(':'),
    parse(text) {
      if (!text.startsWith(`${prefix}:`)) return null;
      const rest = text.slice(prefix.length + 1).split(':');
      if (rest.length < names.length || (names.length === 0 && rest.join('') !== '')) return null;
      const values = [...rest.slice(0, names.length - 1), rest.slice(names.length - 1).join(':')];
      const parts: Record<string, string | number> = {};
      for (const [index, name] of names.entries()) {
        const value = values[index] ?? '';
        if (fields[name] === 'int') {
          if (!/^-?[0-9]+$/.test(value)) return null;
          parts[name] = Number(value);
        } else {
          if (value === '' || (index < names.length - 1 && value.includes(':'))) return null;
          parts[name] = value;
        }
      }
      return parts as SegmentParts<F>;
    },
  };
}

/** What a record's line says of the money: the wallet's asset and its signed change, atoms. */
export interface RecordLine {
  asset: string;
  amount: bigint;
}

/** A page's movements of one kind, with their parsed references, for a kind's trade detail. */
export type TradeLoader<Parts> = (
  db: Kysely<Database>,
  userId: number,
  references: readonly Parts[],
) => Promise<readonly (RecordTrade | null)[]>;

/** How a kind shows in a user's records. */
export interface RecordShape<Parts> {
  type: RecordType;
  /** The label key of the entry (its words in `wallet.records.labels` of each language). */
  label: RecordLabel | ((line: RecordLine) => RecordLabel);
  /**
   * What the entry's signed amount is. `balance`: what the movement did to the wallet's balance
   * (available and frozen together), so money frozen and released within a wallet is no entry.
   * `available`: what it did to the available part alone, for a product whose commitment freezes
   * the money it later pays back or keeps (a subscription's commitment, then its refund).
   * `moved`: a movement between the user's own wallets: one entry, the amount moved (positive),
   * from the wallet it left to the one it reached.
   */
  sign: 'balance' | 'available' | 'moved';
  /** What the entry links to: the order, contract, project or withdrawal the movement belongs to. */
  links?: { to: RecordLinkTo; id(parts: Parts): string | number };
  /** The trade a movement settled, read for a page of entries at once. */
  trades?: TradeLoader<Parts>;
}

/** One kind: its reference and how it shows; `operator` moves only the operator's money. */
export interface KindDefinition<Parts> {
  reference: ReferenceFormat<Parts>;
  record: RecordShape<Parts> | 'operator';
}

/** A system account a product moves money through, with why it exists. */
export interface SystemAccountDefinition {
  name: string;
  /** What the account holds and why: shown by the ledger's documentation and checks. */
  holds: string;
}

/** A product's ledger: its kinds and its system accounts. */
export interface ProductLedger<K extends string = string, A extends string = string> {
  product: string;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own reference parts.
  kinds: { readonly [kind in K]: KindDefinition<any> };
  systemAccounts: readonly (SystemAccountDefinition & { name: A })[];
}

/** Declares a kind, tying its record shape to its reference's parts. */
export const kind = <Parts>(definition: KindDefinition<Parts>): KindDefinition<Parts> => definition;

export function defineProductLedger<const K extends string, const A extends string = never>(
  ledger: ProductLedger<K, A>,
): ProductLedger<K, A> {
  return ledger;
}

/** The names of a product ledger's kinds, as `DeclaredPostingKinds` takes them. */
export type KindsOf<L> = L extends ProductLedger<infer K, string> ? { [kind in K]: true } : never;
/** The names of a product ledger's system accounts, as `DeclaredSystemAccounts` takes them. */
export type AccountsOf<L> =
  L extends ProductLedger<string, infer A> ? { [account in A]: true } : never;
