// A count reads right in every language: the word takes the form the number asks for ("1 zlecenie",
// "2 zlecenia", "5 zleceń", "22 zlecenia", "101 zleceń"; Hebrew's pair "שתי"; French "0 ordre"),
// and the number is written as the app writes its figures, in the page's locale.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/price-format.ts';
import { intlLocale, type Language, languages } from '../../schemas/languages.ts';
import { uiStrings } from '../../src/i18n/all-strings.ts';
import { showStrings, type Translate, useTranslation } from '../../src/i18n/use-translation.ts';

const counts = [0, 1, 2, 5, 22, 101] as const;

/** Every count of `counts` as the page shows it with `key`, in `language`. */
function shown(t: Translate, language: Language, key: string): string[] {
  showStrings(language, uiStrings[language]);
  return counts.map((count) => t(key, { count }));
}

describe('a count of closing orders placed', () => {
  const placed: Record<Language, string[]> = {
    en: [
      '0 closing orders placed',
      '1 closing order placed',
      '2 closing orders placed',
      '5 closing orders placed',
      '22 closing orders placed',
      '101 closing orders placed',
    ],
    zh: counts.map((count) => `已提交 ${count} 个平仓委托`),
    de: [
      '0 schließende Orders platziert',
      '1 schließende Order platziert',
      '2 schließende Orders platziert',
      '5 schließende Orders platziert',
      '22 schließende Orders platziert',
      '101 schließende Orders platziert',
    ],
    fr: [
      '0 ordre de clôture passé',
      '1 ordre de clôture passé',
      '2 ordres de clôture passés',
      '5 ordres de clôture passés',
      '22 ordres de clôture passés',
      '101 ordres de clôture passés',
    ],
    es: [
      '0 órdenes de cierre enviadas',
      '1 orden de cierre enviada',
      '2 órdenes de cierre enviadas',
      '5 órdenes de cierre enviadas',
      '22 órdenes de cierre enviadas',
      '101 órdenes de cierre enviadas',
    ],
    it: [
      '0 ordini di chiusura inviati',
      '1 ordine di chiusura inviato',
      '2 ordini di chiusura inviati',
      '5 ordini di chiusura inviati',
      '22 ordini di chiusura inviati',
      '101 ordini di chiusura inviati',
    ],
    pt: [
      '0 ordem de fechamento enviada',
      '1 ordem de fechamento enviada',
      '2 ordens de fechamento enviadas',
      '5 ordens de fechamento enviadas',
      '22 ordens de fechamento enviadas',
      '101 ordens de fechamento enviadas',
    ],
    bl: [
      'Złożono 0 zleceń zamknięcia',
      'Złożono 1 zlecenie zamknięcia',
      'Złożono 2 zlecenia zamknięcia',
      'Złożono 5 zleceń zamknięcia',
      'Złożono 22 zlecenia zamknięcia',
      'Złożono 101 zleceń zamknięcia',
    ],
    he: [
      'נשלחו 0 פקודות סגירה',
      'נשלחה פקודת סגירה אחת',
      'נשלחו שתי פקודות סגירה',
      'נשלחו 5 פקודות סגירה',
      'נשלחו 22 פקודות סגירה',
      'נשלחו 101 פקודות סגירה',
    ],
  };

  it.each(languages)('takes the form of each number in %s', (language) => {
    expect(shown(useTranslation().t, language, 'contract.closeAll.placed')).toEqual(
      placed[language],
    );
  });
});

describe("an AI product's term", () => {
  const term: Record<Language, string[]> = {
    en: ['0 days', '1 day', '2 days', '5 days', '22 days', '101 days'],
    zh: counts.map((count) => `${count} 天`),
    de: ['0 Tage', '1 Tag', '2 Tage', '5 Tage', '22 Tage', '101 Tage'],
    fr: ['0 jour', '1 jour', '2 jours', '5 jours', '22 jours', '101 jours'],
    es: ['0 días', '1 día', '2 días', '5 días', '22 días', '101 días'],
    it: ['0 giorni', '1 giorno', '2 giorni', '5 giorni', '22 giorni', '101 giorni'],
    pt: ['0 dia', '1 dia', '2 dias', '5 dias', '22 dias', '101 dias'],
    bl: ['0 dni', '1 dzień', '2 dni', '5 dni', '22 dni', '101 dni'],
    he: ['0 ימים', 'יום אחד', 'יומיים', '5 ימים', '22 ימים', '101 ימים'],
  };

  it.each(languages)('takes the form of each number in %s', (language) => {
    expect(shown(useTranslation().t, language, 'ai.termDays')).toEqual(term[language]);
  });
});

describe('the number in a count', () => {
  it("is written as the app's figures are, in the page's locale", () => {
    const { t } = useTranslation();
    showStrings('en', uiStrings.en);
    expect(t('debug.loaded', { count: 12345 })).toBe('12,345 events loaded');
    showStrings('de', uiStrings.de);
    expect(t('debug.loaded', { count: 12345 })).toBe('12.345 Ereignisse geladen');
    showStrings('bl', uiStrings.bl);
    expect(t('debug.loaded', { count: 12345 })).toBe(
      `Wczytano ${formatPrice(12345, { locale: 'pl' })} zdarzeń`,
    );
    // Polish writes a fraction of something with the singular's genitive: "1,5 sekundy".
    expect(t('option.rules.stale', { count: 1.5 })).toContain('w ciągu 1,5 sekundy od');
  });

  it('takes the form Intl picks for any count, in every plural string of every language', () => {
    const pluralKeys = Object.keys(flatten(uiStrings.en))
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.slice(0, -'_other'.length));
    expect(pluralKeys.length).toBeGreaterThan(20);
    const { t } = useTranslation();
    fc.assert(
      fc.property(
        fc.constantFrom(...languages),
        fc.constantFrom(...pluralKeys),
        fc.nat(2_000_000),
        (language, key, count) => {
          showStrings(language, uiStrings[language]);
          const locale = intlLocale(language);
          const form = new Intl.PluralRules(locale).select(count);
          const written = flatten(uiStrings[language])[`${key}_${form}`] ?? '';
          expect(written).not.toBe('');
          // The form's words with the count written as a figure of the locale (values not
          // given here, such as a stake's bounds, stay as they are written).
          expect(t(key, { count })).toBe(
            written.replaceAll('{{count, figure}}', formatPrice(count, { locale })),
          );
        },
      ),
    );
  });
});

type Tree = { [key: string]: string | Tree };

function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree as Tree).flatMap(([key, value]) =>
      typeof value === 'string'
        ? [[prefix + key, value]]
        : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}
