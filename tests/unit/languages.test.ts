// How a `Lang` header picks one of the nine languages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { intlLocale, languageFromTag, languages } from '../../schemas/languages.ts';

describe('languageFromTag', () => {
  it.each([
    ['en', 'en'],
    ['zh-CN', 'zh'],
    ['he', 'he'],
    ['HE-il', 'he'],
    ['bl', 'bl'],
    ['pl', 'bl'],
    ['pt_BR', 'pt'],
    ['fr, en;q=0.8', 'fr'],
    ['ja', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ])('reads %j as %s', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });

  it('always answers one of the nine languages, whatever the header', () => {
    fc.assert(
      fc.property(fc.string(), (tag) => {
        expect(languages).toContain(languageFromTag(tag));
      }),
    );
  });

  it('answers each language for its own code', () => {
    for (const language of languages) expect(languageFromTag(language)).toBe(language);
  });
});

describe('intlLocale', () => {
  it('formats bl as Polish and leaves the others as they are', () => {
    expect(intlLocale('bl')).toBe('pl');
    expect(intlLocale('he')).toBe('he');
    expect(new Intl.NumberFormat(intlLocale('bl')).format(1234.5)).toBe(
      new Intl.NumberFormat('pl').format(1234.5),
    );
  });
});
