// The "convert small balances" preview (core/wallet/small-balances.ts): only balances worth less
// than the threshold at the best bid qualify; each sells whole lots only, never more than is held
// or than the bids hold; what it gives is walked through the book, never more than the sold
// quantity at the best bid, less a fee never below the rate; and nothing qualifies is an empty
// preview the call refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  previewConversion,
  type SmallBalanceMarket,
  smallBalanceThreshold,
} from '../../core/wallet/small-balances.ts';

const atom = 10n ** 8n;

const market = (asset: string, bids: [bigint, bigint][], lot = 10_000n): SmallBalanceMarket => ({
  asset,
  bids,
  lot,
  takerFeePpm: 1_000,
});

describe('the small balances preview', () => {
  it('walks the bids, keeps what is under a lot, and charges the taker fee per level', () => {
    // 0.000123 BTC: 0.0001 at 50,000 and 0.00002 at 49,990 (the lot is 0.00001); 0.000003 stays.
    const btc = market(
      'BTC',
      [
        [50_000n * atom, 10_000n],
        [49_990n * atom, 1_000_000n],
      ],
      1_000n,
    );
    const preview = previewConversion(new Map([['BTC', 12_300n]]), new Map([['BTC', btc]]));
    expect(preview.lines).toHaveLength(1);
    const [line] = preview.lines;
    expect(line).toMatchObject({ asset: 'BTC', held: 12_300n, sold: 12_000n, left: 300n });
    // 5 USDT + 0.9998 USDT, fees 0.005 and 0.0009998 rounded up to the atom.
    expect(line?.gross).toBe(500_000_000n + 99_980_000n);
    expect(line?.fee).toBe(500_000n + 99_980n);
    expect(preview.total).toBe(line?.receive);
  });

  it('leaves out USDT, balances worth the threshold or more, and those with no market', () => {
    const btc = market('BTC', [[50_000n * atom, 10n * atom]]);
    const held = new Map([
      ['USDT', 3n * atom],
      ['BTC', 20_000n], // 10 USDT at the best bid: not small.
      ['XYZ', 5n * atom],
    ]);
    expect(previewConversion(held, new Map([['BTC', btc]])).lines).toEqual([]);
  });

  it('never sells more than is held or bid, and never gives more than the best bid', () => {
    const level = fc.tuple(
      fc.bigInt({ min: 1n, max: 100_000n * atom }),
      fc.bigInt({ min: 1n, max: 1_000n }),
    );
    fc.assert(
      fc.property(
        fc.array(level, { minLength: 0, maxLength: 6 }),
        fc.bigInt({ min: 1n, max: 10n * atom }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        fc.integer({ min: 0, max: 5_000 }),
        (raw, held, lot, takerFeePpm) => {
          const prices = raw.map(([price]) => price).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
          const bids = raw.map(([, lots], index) => [prices[index] ?? 1n, lots * lot] as const);
          const asset: SmallBalanceMarket = { asset: 'AAA', bids, lot, takerFeePpm };
          const preview = previewConversion(new Map([['AAA', held]]), new Map([['AAA', asset]]));
          const [line] = preview.lines;
          const best = bids[0]?.[0];
          if (!line || best === undefined) {
            if (best !== undefined && (held * best) / atom < smallBalanceThreshold)
              expect(held < lot || bids.every(([, size]) => size === 0n)).toBe(true);
            return;
          }
          expect((held * best) / atom).toBeLessThan(smallBalanceThreshold);
          expect(line.sold % lot).toBe(0n);
          expect(line.sold).toBeLessThanOrEqual(held);
          expect(line.sold + line.left).toBe(held);
          const bid = bids.reduce((sum, [, size]) => sum + size, 0n);
          expect(line.sold).toBeLessThanOrEqual(bid);
          expect(line.gross).toBeLessThanOrEqual((line.sold * best) / atom);
          expect(line.fee * 1_000_000n).toBeGreaterThanOrEqual(line.gross * BigInt(takerFeePpm));
          expect(line.receive + line.fee).toBe(line.gross);
          expect(preview.total).toBe(line.receive);
        },
      ),
      { numRuns: 500 },
    );
  });
});
