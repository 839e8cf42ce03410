// What a user types into a number field, read as the plain decimal the forms check and send: the
// language's decimal mark or a dot, grouping pasted from the screen dropped, and text that is no
// figure refused (docs/ui.md § "Numbers, toasts and records").
import { describe, expect, it } from 'vitest';
import { inputFigure } from '../../core/figures.ts';
import { readTypedFigure } from '../../core/typed-figure.ts';

describe('a typed figure', () => {
  it('takes one mark, comma or dot, as the decimal point', () => {
    expect(readTypedFigure('3960,34')).toBe('3960.34');
    expect(readTypedFigure('3960.34')).toBe('3960.34');
    expect(readTypedFigure(',5')).toBe('0.5');
    expect(readTypedFigure('0,00000001')).toBe('0.00000001');
  });

  it('keeps every decimal typed, trailing zeros too, so the form judges the step', () => {
    expect(readTypedFigure('87402,40')).toBe('87402.40');
    expect(readTypedFigure('0.123456789')).toBe('0.123456789');
  });

  it('reads a pasted figure with both marks by its last one, the others being grouping', () => {
    expect(readTypedFigure('78.358,11')).toBe('78358.11');
    expect(readTypedFigure('78,358.11')).toBe('78358.11');
    expect(readTypedFigure('1.234.567,891')).toBe('1234567.891');
  });

  it('drops spaces of every kind: plain, no-break and narrow no-break', () => {
    expect(readTypedFigure('78 358,11')).toBe('78358.11');
    expect(readTypedFigure('78\u00a0358,11')).toBe('78358.11');
    expect(readTypedFigure('78\u202f358,11')).toBe('78358.11');
    expect(readTypedFigure(' 12 ')).toBe('12');
  });

  it('takes one kind of mark written more than once as grouping', () => {
    expect(readTypedFigure('1.234.567')).toBe('1234567');
    expect(readTypedFigure('1,234,567')).toBe('1234567');
  });

  it('reads a decimal mark with nothing after it as a fraction not typed yet', () => {
    expect(readTypedFigure('3960,')).toBe('3960');
    expect(readTypedFigure('007')).toBe('7');
  });

  it('is blank for a blank field and refuses what is no figure', () => {
    expect(readTypedFigure('')).toBe('');
    expect(readTypedFigure('  ')).toBe('');
    for (const text of ['.', ',', 'abc', '12a', '-3', '+3', '1e5', '1,234.5.6', '1.2,3,4']) {
      expect(readTypedFigure(text), text).toBeNull();
    }
  });
});

describe('a figure the app puts into a field', () => {
  it('is written with the language’s decimal mark and no grouping', () => {
    expect(inputFigure('3960.34', 'pl')).toBe('3960,34');
    expect(inputFigure('78358.11', 'de')).toBe('78358,11');
    expect(inputFigure('78358.11', 'fr')).toBe('78358,11');
    expect(inputFigure('78358.11', 'en')).toBe('78358.11');
    expect(inputFigure('78358.11', 'he')).toBe('78358.11');
    expect(inputFigure('100', 'pl')).toBe('100');
    expect(inputFigure('', 'pl')).toBe('');
  });
});
