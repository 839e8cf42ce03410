// Decimal strings and integer units convert exactly both ways; comparisons are exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDecimals, fromUnits, percentOf, toUnits } from '../../core/market/units.ts';

const scale = fc.integer({ min: 0, max: 8 });
const units = fc.integer({ min: -1e12, max: 1e12 });

describe('units', () => {
  it('round-trips any unit count through its decimal string', () => {
    fc.assert(
      fc.property(units, scale, (value, s) => {
        expect(toUnits(fromUnits(value, s), s)).toBe(value);
      }),
    );
  });

  it('refuses more decimals than the scale unless asked to round, then rounds half away from zero', () => {
    expect(toUnits('1.235', 2)).toBeNull();
    expect(toUnits('1.235', 2, true)).toBe(124);
    expect(toUnits('1.234', 2, true)).toBe(123);
    expect(toUnits('-1.235', 2, true)).toBe(-124);
    expect(toUnits('1.2300', 2)).toBe(123);
    expect(toUnits('1e5', 2)).toBeNull();
    expect(toUnits('99999999999999999', 2)).toBeNull();
  });

  it('compares decimals as BigInt compares their units', () => {
    fc.assert(
      fc.property(units, units, scale, scale, (a, b, sa, sb) => {
        const textA = fromUnits(a, sa);
        const textB = fromUnits(b, sb);
        const width = Math.max(sa, sb);
        const left = BigInt(a) * 10n ** BigInt(width - sa);
        const right = BigInt(b) * 10n ** BigInt(width - sb);
        expect(compareDecimals(textA, textB)).toBe(left === right ? 0 : left < right ? -1 : 1);
      }),
    );
  });

  it('calls equal decimals equal whatever their sign is written as', () => {
    expect(compareDecimals('-1', '-1')).toBe(0);
    expect(compareDecimals('-1.50', '-1.5')).toBe(0);
    expect(compareDecimals('-0.00', '0')).toBe(0);
    expect(compareDecimals('-0.01', '0')).toBe(-1);
    expect(compareDecimals('-2', '-1')).toBe(-1);
  });

  it('writes percentages with two decimals, rounded half away from zero', () => {
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(-2n, 3n)).toBe('-66.67');
    expect(percentOf(1n, 8n)).toBe('12.50');
    expect(percentOf(5n, 0n)).toBe('0.00');
  });
});
