// The price rule of docs/product.md §5 against an exact reference: Intl.NumberFormat on the same
// decimal string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../core/price-format.ts';

const locales = ['zh', 'en', 'de', 'fr', 'he', 'it', 'pt', 'es', 'pl'];

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

const decimalString = fc
  .record({ negative: fc.boolean(), integer: digits(1, 15), fraction: digits(0, 20) })
  .map(
    ({ negative, integer, fraction }) =>
      `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`,
  );

const intlReference = new Map<string, Intl.NumberFormat>();
function reference(value: string, locale: string, precision?: number): string {
  const key = `${locale}:${precision}`;
  let format = intlReference.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: precision ?? 8,
      minimumFractionDigits: precision ?? 0,
    });
    intlReference.set(key, format);
  }
  return format.format(value as unknown as number);
}

const isTinyPositive = (value: string) =>
  !value.startsWith('-') && Number(value) > 0 && Number(value) < 0.000001;

describe('formatPrice', () => {
  it('equals Intl.NumberFormat on the exact decimal, in every locale, with or without a precision', () => {
    fc.assert(
      fc.property(
        decimalString,
        fc.constantFrom(...locales),
        fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
        (value, locale, precision) => {
          fc.pre(!isTinyPositive(value));
          const options = precision === undefined ? { locale } : { locale, precision };
          expect(formatPrice(value, options)).toBe(reference(value, locale, precision));
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('never shows more than 8 decimals by default', () => {
    fc.assert(
      fc.property(decimalString, (value) => {
        const shown = formatPrice(value, { locale: 'en' });
        expect(shown.split('.')[1]?.length ?? 0).toBeLessThanOrEqual(8);
      }),
    );
  });

  // Where the point is a comma, a grouped output such as 40.000 reads as another number, so the
  // rule is idempotent on the locales whose output is itself a decimal or no number at all.
  it('is idempotent', () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom('en', 'zh', 'he'), (value, locale) => {
        const once = formatPrice(value, { locale });
        expect(formatPrice(once, { locale })).toBe(once);
      }),
    );
  });

  it('rounds exactly where floating point would not', () => {
    expect(formatPrice('1.005', { precision: 2 })).toBe('1.01');
    expect(formatPrice('0.1234567850')).toBe('0.12345679');
    expect(formatPrice('99999999.999999999')).toBe('100,000,000');
    expect(formatPrice('123456789012345678.5', { precision: 0 })).toBe('123,456,789,012,345,679');
  });

  it.each(['', '--', '-- ', '12--3', '0.0000009', '0.00000099999', '1e-7'])(
    'returns %j unchanged',
    (value) => {
      expect(formatPrice(value)).toBe(value);
    },
  );

  it('formats zero, the threshold itself and negative tiny values', () => {
    expect(formatPrice('0')).toBe('0');
    expect(formatPrice('0.000001')).toBe('0.000001');
    expect(formatPrice('-0.0000001')).toBe('-0.0000001');
  });

  it('leaves text that is no number as it came', () => {
    expect(formatPrice('abc')).toBe('abc');
    expect(formatPrice('1.2.3')).toBe('1.2.3');
  });

  it('accepts numbers and scientific notation', () => {
    expect(formatPrice(1234.5)).toBe('1,234.5');
    expect(formatPrice('1.5e3')).toBe('1,500');
    expect(formatPrice(-2e-7)).toBe('-0.0000002');
  });

  it('writes Hebrew negatives with the mark Intl puts before the sign', () => {
    expect(formatPrice('-1234.5', { locale: 'he' })).toBe(reference('-1234.5', 'he'));
  });
});
