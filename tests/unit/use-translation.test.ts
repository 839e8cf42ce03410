// The translation hook's `t`: the strings i18next gives, kept per language for plain keys.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTranslation } from '../../src/i18n/use-translation.ts';

describe('the translation function', () => {
  beforeAll(async () => {
    await i18next.init({
      resources: {
        en: { translation: { kline: { amount: 'Amount', fee: 'Fee {{value}}' } } },
        he: { translation: { kline: { amount: 'כמות', fee: 'עמלה {{value}}' } } },
      },
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
    });
  });

  it('gives the same strings as i18next, plain or with values, and the key when none exists', () => {
    const { t } = useTranslation();
    expect(t('kline.amount')).toBe('Amount');
    expect(t('kline.amount')).toBe('Amount');
    expect(t('kline.fee', { value: '0.1' })).toBe('Fee 0.1');
    expect(t('kline.missing')).toBe('kline.missing');
  });

  it('does not keep a string past a change of language', async () => {
    const { t } = useTranslation();
    expect(t('kline.amount')).toBe('Amount');
    await i18next.changeLanguage('he');
    expect(t('kline.amount')).toBe('כמות');
    await i18next.changeLanguage('en');
  });
});
