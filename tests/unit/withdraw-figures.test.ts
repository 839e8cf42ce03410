// The withdraw form's preview is written like every other amount of the asset: the amount
// received and the amount deducted at the asset's decimals at least (USDT in cents), with every
// decimal typed kept, in the language's notation.
import { describe, expect, it } from 'vitest';
import { withdrawFigure } from '../../src/wallet/withdraw-figures.ts';

describe('the withdraw preview figures', () => {
  it('writes USDT in cents and groups thousands, as the balances are', () => {
    expect(withdrawFigure('51', 2, 'en')).toBe('51.00');
    expect(withdrawFigure('1250.5', 2, 'en')).toBe('1,250.50');
    expect(withdrawFigure('1250.5', 2, 'de')).toBe('1.250,50');
  });

  it('keeps every decimal typed, and at least two of an asset of unknown precision', () => {
    expect(withdrawFigure('0.0012345', 5, 'en')).toBe('0.0012345');
    expect(withdrawFigure('3', null, 'en')).toBe('3.00');
    expect(withdrawFigure(null, 2, 'en')).toBe('--');
  });
});
