// A plain view's payloads, folded for the page: each shown value equals the payload it came from,
// and a part equal to the previous payload's part is that same object, so a memoised child
// handed that part is not rendered again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareUnchanged } from '../../src/app/use-view.ts';

const row = fc.record({
  id: fc.integer({ min: 1, max: 5 }),
  price: fc.constantFrom('1.00', '2.50'),
});
const payload = fc.record({
  lastShown: fc.constantFrom('87,402.40', '87,402.50'),
  rules: fc.constantFrom({ base: 'BTC', quote: 'USDT' }, { base: 'ETH', quote: 'USDT' }),
  orders: fc.array(row, { maxLength: 4 }),
  available: fc.option(fc.record({ base: fc.constantFrom('0.5', '1'), quote: fc.constant('10') })),
});

describe('a plain view folded for the page', () => {
  it('shows each payload as it is and keeps every unchanged part as the same object', () => {
    fc.assert(
      fc.property(fc.array(payload, { minLength: 1, maxLength: 12 }), (payloads) => {
        const fold = shareUnchanged();
        let before: (typeof payloads)[number] | undefined;
        for (const sent of payloads) {
          // What crosses from the worker is a copy, never an object the page held before.
          const shown = fold(structuredClone(sent)) as typeof sent;
          expect(shown).toEqual(sent);
          if (before) {
            for (const part of ['rules', 'orders', 'available'] as const) {
              const same = JSON.stringify(before[part]) === JSON.stringify(sent[part]);
              if (same) expect(shown[part]).toBe(before[part]);
            }
          }
          before = shown;
        }
      }),
    );
  });
});
