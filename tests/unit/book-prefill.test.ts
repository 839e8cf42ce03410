// A trade form's limit price starts at the top of the book on the side the order trades against,
// within the current-price bound of spot (docs/product.md §12) where the product has one.
import { describe, expect, it } from 'vitest';
import { bookTop, prefillPrice } from '../../src/market/book-prefill.ts';
import type { BookRow } from '../../workers/facade.ts';

const row = (price: string): BookRow => [price, '1', 1, price, '1'];
const book = {
  asks: [row('101.5'), row('102')],
  bids: [row('99.5'), row('99')],
};

describe('the limit price a trade form starts from', () => {
  it('is the best ask for a buy and the best bid for a sell', () => {
    const top = bookTop(book);
    expect(prefillPrice('buy', top)).toBe('101.5');
    expect(prefillPrice('sell', top)).toBe('99.5');
  });

  it('waits for the book: nothing before it arrives or while its side is empty', () => {
    expect(prefillPrice('buy', bookTop(undefined))).toBeNull();
    expect(prefillPrice('sell', bookTop({ asks: [row('101')], bids: [] }))).toBeNull();
  });

  it('never starts a buy above the current price, nor a sell below it, where that bounds it', () => {
    const top = bookTop(book);
    expect(prefillPrice('buy', top, '100')).toBe('100');
    expect(prefillPrice('sell', top, '100')).toBe('100');
    // Within the bound, the book's price stands.
    expect(prefillPrice('buy', top, '101.50')).toBe('101.5');
    expect(prefillPrice('buy', top, '105')).toBe('101.5');
    expect(prefillPrice('sell', top, '98')).toBe('99.5');
  });
});
