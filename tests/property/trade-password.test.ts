// The rule for obvious trade passwords (schemas/trade-password.ts), checked against a list of every
// obvious six drawn up independently: by counting up and down, repeating, and walking a calendar.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newTradePassword } from '../../schemas/primitives.ts';
import { isObviousTradePassword } from '../../schemas/trade-password.ts';

const two = (n: number) => String(n).padStart(2, '0');

/** Every obvious six, written out the long way. */
function obviousSixes(): Set<string> {
  const all = new Set<string>();
  for (let start = 0; start < 10; start++) {
    all.add(String(start).repeat(6));
    all.add(Array.from({ length: 6 }, (_, i) => (start + i) % 10).join(''));
    all.add(Array.from({ length: 6 }, (_, i) => (start - i + 10) % 10).join(''));
  }
  for (let n = 0; n < 100; n++) all.add(two(n).repeat(3));
  for (let n = 0; n < 1000; n++) all.add(String(n).padStart(3, '0').repeat(2));
  // Every day of a leap year, so 29 February is one.
  for (let day = new Date(Date.UTC(2000, 0, 1)); day.getUTCFullYear() === 2000; ) {
    const mm = two(day.getUTCMonth() + 1);
    const dd = two(day.getUTCDate());
    for (let yy = 0; yy < 100; yy++) {
      for (const six of [`${two(yy)}${mm}${dd}`, `${dd}${mm}${two(yy)}`, `${mm}${dd}${two(yy)}`]) {
        all.add(six);
      }
    }
    day = new Date(day.getTime() + 86_400_000);
  }
  for (let year = 1900; year < 2100; year++) {
    for (let month = 1; month <= 12; month++) all.add(`${year}${two(month)}`);
  }
  return all;
}

const obvious = obviousSixes();
const sixDigits = fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0'));

describe('obvious trade passwords', () => {
  it('are exactly the runs, repeats and dates', () => {
    fc.assert(
      fc.property(sixDigits, (six) => {
        expect(isObviousTradePassword(six)).toBe(obvious.has(six));
      }),
      { numRuns: 20_000 },
    );
  });

  it('are all refused when a trade password is set, with their own catalogue error', () => {
    fc.assert(
      fc.property(fc.constantFrom(...obvious), (six) => {
        const result = newTradePassword.safeParse(six);
        expect(result.success).toBe(false);
        expect(result.error?.issues[0]?.message).toBe('trade_password_obvious');
      }),
    );
  });

  it('leave the rest of the six-digit passwords to be set', () => {
    fc.assert(
      fc.property(
        sixDigits.filter((six) => !obvious.has(six)),
        (six) => {
          expect(newTradePassword.safeParse(six).success).toBe(true);
        },
      ),
    );
  });

  it('refuse the ones people try first', () => {
    for (const six of ['123456', '654321', '234567', '111111', '121212', '123123', '199001']) {
      expect(isObviousTradePassword(six), six).toBe(true);
    }
    for (const six of ['246810', '135790', '482916'])
      expect(isObviousTradePassword(six)).toBe(false);
  });
});
