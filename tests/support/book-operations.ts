// Arbitrary changes to a published book (server/market/depth-book.ts) for property tests: a
// feed's snapshots and updates of a few levels, each maybe followed by a publication.
import fc from 'fast-check';

const levels = fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 5 })), {
  maxLength: 12,
});

export const bookOperation = fc.record({
  kind: fc.constantFrom('snapshot' as const, 'update' as const),
  bids: levels,
  asks: levels,
  publish: fc.boolean(),
});
