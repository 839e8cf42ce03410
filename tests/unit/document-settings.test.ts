// <html> gets lang, dir and data-theme from the stored choices (docs/product.md §4: only `white` is
// white).
import { describe, expect, it } from 'vitest';
import { themeFromStorage } from '../../src/document-settings.ts';

describe('themeFromStorage', () => {
  it.each([
    ['white', 'white'],
    ['dark', 'dark'],
    [null, 'dark'],
    ['White', 'dark'],
    ['light', 'dark'],
    ['', 'dark'],
  ])('reads %j as %s', (stored, theme) => {
    expect(themeFromStorage(stored)).toBe(theme);
  });
});
