// A holding is shown rounded down, never up, dust included (docs/wallet.md § "The asset center"):
// whatever its decimals, the figure the asset center writes for a balance, read back as an exact
// decimal, is never more than the balance, and a non-zero balance of at least one atom never
// reads as zero.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount, type Precisions } from '../../core/figures.ts';

const precisions: Precisions = {
  assets: { BTC: 5, ETH: 4 },
  markets: {},
};

/** An exact decimal as a fraction of 10^-12, from a figure written in English. */
function atomsOf(text: string): bigint {
  const [whole = '0', fraction = ''] = text.replace(/,/g, '').split('.');
  return BigInt(whole) * 10n ** 12n + BigInt(fraction.padEnd(12, '0').slice(0, 12) || '0');
}

const digits = (min: number, max: number) =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

const balance = fc
  .record({ integer: fc.constantFrom('0', '1', '12', '3456'), fraction: digits(1, 12) })
  .map(({ integer, fraction }) => `${integer}.${fraction}`);

describe('dust is shown rounded down', () => {
  it('0.000000019 BTC reads 0.00000001, never 0.00000002, at a known or unknown precision', () => {
    expect(formatAmount('0.000000019', 'BTC', precisions, 'en', 'down')).toBe('0.00000001');
    expect(formatAmount('0.000000019', 'XYZ', precisions, 'en', 'down')).toBe('0.00000001');
    expect(formatAmount('0.00000019', 'BTC', precisions, 'en', 'down')).toBe('0.00000019');
    expect(formatAmount('0.1234567', 'XYZ', precisions, 'en', 'down')).toBe('0.1234567');
    // Dust of an asset shown to cents is not rounded up to the next cent.
    expect(formatAmount('0.006', 'USDT', precisions, 'en', 'down')).toBe('0.006');
  });

  it('never shows more than is held, and shows a held atom as more than nothing', () => {
    fc.assert(
      fc.property(balance, fc.constantFrom('BTC', 'ETH', 'USDT', 'XYZ'), (value, asset) => {
        const shown = atomsOf(formatAmount(value, asset, precisions, 'en', 'down'));
        const held = atomsOf(value);
        expect(shown).toBeLessThanOrEqual(held);
        if (held >= 10n ** 4n) expect(shown).toBeGreaterThan(0n);
      }),
      { numRuns: 2000 },
    );
  });
});
