// How a product declares its own errors (schemas/api/<product>.errors.ts, collected in
// schemas/product-errors.ts), so that the shared catalogue (schemas/errors.ts, schemas/messages/)
// names no product. Two records per product: the codes, which the worker reads too, and apart
// from them what each refusal says, which only the server does, so the worker's bundle leaves the
// messages out.
import type { FieldName } from './fields.ts';
import type { Language } from './languages.ts';

/** A product's errors by name, each with its code. */
export type ErrorCodes = Readonly<Record<string, number>>;

/** What a refusal says: its message in every language, and the one field it is about if any. */
export interface Refusal {
  readonly messages: Readonly<Record<Language, string>>;
  readonly field?: FieldName;
}

/** What each of `Codes` says: an error or a language left out does not compile. */
export type Refusals<Codes extends ErrorCodes = ErrorCodes> = {
  readonly [Name in keyof Codes]: Refusal;
};

type Merged<Parts extends readonly object[]> = Parts extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Merged<Rest>
  : unknown;

/**
 * Several records as one, each name with its own type. Call it marked pure, so a bundle that reads
 * none of the result leaves its parts out.
 */
export function merged<const Parts extends readonly object[]>(
  ...parts: Parts
): { readonly [Key in keyof Merged<Parts>]: Merged<Parts>[Key] } {
  return Object.assign({}, ...parts);
}

/** The field each refusal is about, for those about one. */
export function fieldsOf<Said extends Refusals>(
  refusals: Said,
): Partial<Record<keyof Said, FieldName>> {
  // The entries are the record's own, so each name is one of `Said`.
  return Object.fromEntries(
    Object.entries(refusals).flatMap(([name, { field }]) => (field ? [[name, field]] : [])),
  ) as Partial<Record<keyof Said, FieldName>>;
}

/** Each refusal's message in one language, by name. */
export function messagesIn<Said extends Refusals>(
  language: Language,
  refusals: Said,
): Record<keyof Said, string> {
  // The entries are the record's own, so every name of `Said` is there.
  return Object.fromEntries(
    Object.entries(refusals).map(([name, { messages }]) => [name, messages[language]]),
  ) as Record<keyof Said, string>;
}
