// The fixed documents a fresh install answers with, in the nine languages, until an operator
// publishes their own (`ops document set`): then the operator's texts replace these for that
// document, whatever the language.
import type { DocumentKey } from '../../../schemas/api/content.schema.ts';
import type { Language } from '../../../schemas/languages.ts';
import { bl } from './bl.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { he } from './he.ts';
import { it } from './it.ts';
import { pt } from './pt.ts';
import type { DefaultDocuments } from './types.ts';
import { zh } from './zh.ts';

const byLanguage: Readonly<Record<Language, DefaultDocuments>> = {
  zh,
  en,
  de,
  fr,
  he,
  it,
  pt,
  es,
  bl,
};

/** When the shipped texts were written: the date a reader sees under them. */
export const defaultDocumentsDate = '2026-11-29T00:00:00.000Z';

export function defaultDocument(key: DocumentKey, language: Language) {
  return byLanguage[language][key];
}
