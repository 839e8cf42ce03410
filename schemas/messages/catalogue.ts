// The shape every language's message file fills in; the type makes a missing key a compile error.
import type { ErrorName, SharedErrorName } from '../errors.ts';
import type { FieldName } from '../fields.ts';

export interface Catalogue {
  /** Message per error; `{field}`, `{seconds}`, `{minutes}`, `{count}`, `{channel}`, `{amount}` and `{until}` are filled in by `localize`. */
  errors: Record<ErrorName, string>;
  /** How each request field is named to a user, for `{field}`. */
  fields: Record<FieldName, string>;
  /** The success message of the envelope. */
  ok: string;
}

/**
 * What a language's file holds: the shared errors' messages. Each product's come from its own
 * file (schemas/product-errors.ts), and `catalogues` adds them.
 */
export interface SharedCatalogue extends Omit<Catalogue, 'errors'> {
  errors: Record<SharedErrorName, string>;
}
