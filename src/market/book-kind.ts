// Whose order book and trades a page shows: a spot market's, or a perpetual's own book (the
// contract engine's, on the `contract-depth.*` and `contract-trades.*` channels). Both are drawn
// alike; only the worker's views differ.
export type BookKind = 'spot' | 'contract';

export const bookViews = {
  spot: { book: 'book', trades: 'trades' },
  contract: { book: 'contractBook', trades: 'contractTrades' },
} as const;
