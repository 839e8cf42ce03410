// The translation function: dotted keys, values filled in, a count's plural form, later files
// joined deep into the strings, plain strings kept per language.
import { describe, expect, it } from 'vitest';
import { showStrings, useTranslation } from '../../src/i18n/use-translation.ts';

const english = {
  kline: { amount: 'Amount', fee: 'Fee {{value}}', range: '{{ low }} to {{high}}' },
};
const hebrew = { kline: { amount: 'כמות', fee: 'עמלה {{value}}' } };

describe('the translation function', () => {
  it('finds a dotted key and fills in its values', () => {
    showStrings('en', english);
    const { t } = useTranslation();
    expect(t('kline.amount')).toBe('Amount');
    expect(t('kline.amount')).toBe('Amount');
    expect(t('kline.fee', { value: '0.1' })).toBe('Fee 0.1');
    expect(t('kline.range', { low: 1, high: 2 })).toBe('1 to 2');
  });

  it('shows the key itself for a string that does not exist, or a key that names a table', () => {
    showStrings('en', english);
    const { t } = useTranslation();
    expect(t('kline.missing')).toBe('kline.missing');
    expect(t('kline.missing', { value: '1' })).toBe('kline.missing');
    expect(t('kline')).toBe('kline');
  });

  it('does not keep a string past a change of language', () => {
    const { t } = useTranslation();
    showStrings('en', english);
    expect(t('kline.amount')).toBe('Amount');
    showStrings('he', hebrew);
    expect(t('kline.amount')).toBe('כמות');
    expect(t('kline.fee', { value: '0.1' })).toBe('עמלה 0.1');
  });

  it('joins a later file into the tables it shares with the first', () => {
    showStrings('en', english);
    showStrings('en', { kline: { chart: 'Chart' }, spot: { buy: 'Buy' } });
    const { t } = useTranslation();
    expect(t('kline.chart')).toBe('Chart');
    expect(t('kline.amount')).toBe('Amount');
    expect(t('spot.buy')).toBe('Buy');
  });

  it("counts by the plural rules of the language's Intl locale: bl is Polish", () => {
    showStrings('bl', {
      orders: {
        count_one: '{{count, figure}} zlecenie',
        count_few: '{{count, figure}} zlecenia',
        count_many: '{{count, figure}} zleceń',
        count_other: '{{count, figure}} zlecenia',
      },
    });
    const { t } = useTranslation();
    expect([1, 2, 5, 22, 1.5].map((count) => t('orders.count', { count }))).toEqual([
      '1 zlecenie',
      '2 zlecenia',
      '5 zleceń',
      '22 zlecenia',
      '1,5 zlecenia',
    ]);
    expect(t('orders.missing', { count: 2 })).toBe('orders.missing');
  });
});
