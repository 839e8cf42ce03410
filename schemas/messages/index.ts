// Messages per language and the one function that fills them in.
import { messagesIn } from '../error-definition.ts';
import type { ErrorName } from '../errors.ts';
import { type FieldName, isFieldName } from '../fields.ts';
import type { Language } from '../languages.ts';
import { productRefusals } from '../product-errors.ts';
import { bl } from './bl.ts';
import type { Catalogue, SharedCatalogue } from './catalogue.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { he } from './he.ts';
import { it } from './it.ts';
import { pt } from './pt.ts';
import { zh } from './zh.ts';

export type { Catalogue } from './catalogue.ts';

/** A language's file, with each product's messages in that language added. */
function withProductMessages(language: Language, shared: SharedCatalogue): Catalogue {
  return { ...shared, errors: { ...shared.errors, ...messagesIn(language, productRefusals) } };
}

export const catalogues: Readonly<Record<Language, Catalogue>> = {
  zh: withProductMessages('zh', zh),
  en: withProductMessages('en', en),
  de: withProductMessages('de', de),
  fr: withProductMessages('fr', fr),
  he: withProductMessages('he', he),
  it: withProductMessages('it', it),
  pt: withProductMessages('pt', pt),
  es: withProductMessages('es', es),
  bl: withProductMessages('bl', bl),
};

export interface MessageParams {
  field?: FieldName | string;
  seconds?: number;
  minutes?: number;
  count?: number;
  channel?: string;
  amount?: string;
  /** A second amount beside `amount` (what was already committed). */
  committed?: string;
  /** A window's bounds, as ISO times. */
  start?: string;
  end?: string;
  /** The bounds of an allowed range, as a trader reads them (a price band's lowest and highest). */
  min?: string;
  max?: string;
  /** When a hold ends, as a reader takes it in: `2026-11-29 14:05 UTC`. */
  until?: string;
}

/** The message for an error in a language, with `{field}` named the way that language names it. */
export function localize(language: Language, name: ErrorName, params: MessageParams = {}): string {
  const catalogue = catalogues[language];
  return catalogue.errors[name].replace(
    /\{(field|seconds|minutes|count|channel|amount|committed|start|end|min|max|until)\}/g,
    (_, key: keyof MessageParams) => {
      if (key === 'field') {
        const field = params.field ?? '';
        return isFieldName(field) ? catalogue.fields[field] : field;
      }
      return String(params[key] ?? '');
    },
  );
}

export function successMessage(language: Language): string {
  return catalogues[language].ok;
}
