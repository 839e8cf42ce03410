// What the app writes, a field reads back: in all nine languages, a figure as the screen shows it
// (grouped, with a fraction part) and as a field shows it when the app fills it in (the language's
// decimal mark, no grouping), typed or pasted into a number field, is the same value at the
// precision shown. Compared as exact decimals, never as floats.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAtScale, inputFigure } from '../../core/figures.ts';
import { readTypedFigure } from '../../core/typed-figure.ts';
import { intlLocale, languages } from '../../schemas/languages.ts';

const locales = languages.map(intlLocale);

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

/** A non-negative decimal string, as amounts and prices are: leading zeros and all. */
const decimalString = fc
  .record({ integer: digits(1, 15), fraction: digits(0, 12) })
  .map(({ integer, fraction }) => (fraction ? `${integer}.${fraction}` : integer));

/** A decimal as an integer count of 10^-scale, exact. */
function scaled(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/** The value rounded half away from zero at `places`, as a count of 10^-places. */
function rounded(value: string, places: number): bigint {
  const [, fraction = ''] = value.split('.');
  const kept = scaled(value, places);
  return fraction.charCodeAt(places) >= 53 ? kept + 1n : kept;
}

describe('figures read back', () => {
  it('reads a figure as the screen writes it, grouped with a fraction, as the value shown', () => {
    fc.assert(
      fc.property(
        decimalString,
        fc.integer({ min: 1, max: 8 }),
        fc.constantFrom(...locales),
        (value, places, locale) => {
          const shown = formatAtScale(value, places, locale);
          const read = readTypedFigure(shown);
          expect(read, `${value} as ${shown} in ${locale}`).not.toBeNull();
          // A positive value under 10^-6 is shown as it is (core/price-format.ts): read exactly.
          const expected = shown === value ? scaled(value, 12) : rounded(value, places);
          const scale = shown === value ? 12 : places;
          expect(scaled(read ?? '', scale), `${value} as ${shown} in ${locale}`).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads a figure as a field shows it as exactly the value put in', () => {
    fc.assert(
      fc.property(decimalString, fc.constantFrom(...locales), (value, locale) => {
        const shown = inputFigure(value, locale);
        const read = readTypedFigure(shown);
        const scale = 12;
        expect(read, `${value} as ${shown} in ${locale}`).not.toBeNull();
        expect(scaled(read ?? '', scale)).toBe(scaled(value, scale));
      }),
      { numRuns: 3000 },
    );
  });
});
