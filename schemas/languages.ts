// The nine languages of the product and how a `Lang` header value maps onto them.

export const languages = ['zh', 'en', 'de', 'fr', 'he', 'it', 'pt', 'es', 'bl'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

const aliases: Readonly<Record<string, Language>> = {
  // The product names Polish `bl`; a standard `pl` from a browser or tool means the same.
  pl: 'bl',
};

/** Reads a `Lang` header (or any BCP 47 tag): its first part picks the language, else English. */
export function languageFromTag(tag: string | undefined): Language {
  if (!tag) return defaultLanguage;
  const first =
    tag
      .trim()
      .split(/[-_,;\s]/, 1)[0]
      ?.toLowerCase() ?? '';
  if ((languages as readonly string[]).includes(first)) return first as Language;
  return aliases[first] ?? defaultLanguage;
}

/** The tag to hand to `Intl` formatters: `bl` is Polish. */
export function intlLocale(language: Language): string {
  return language === 'bl' ? 'pl' : language;
}
