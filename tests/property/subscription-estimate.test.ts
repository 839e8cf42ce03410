// The buy page's estimate of a commitment against random projects: whatever total the project
// last listed (even one read before the user's own commitment arrived, smaller than it), the
// estimate never exceeds the supply nor what the commitment can pay for, and with a total that
// holds the commitment it is the allocation rule's pro-rata share. The walkthrough saw
// "200,000.00 NOVA" estimated on a supply of 100,000.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayAmount } from '../../core/money.ts';
import { demandOf, estimateTokens } from '../../core/subscription/allocation.ts';
import { estimateCommitment } from '../../core/subscription/commitment.ts';

const usdt = fc.bigInt({ min: 0n, max: 1_000_000n * 100_000_000n });
const price = fc.bigInt({ min: 1n, max: 10n * 100_000_000n });
const supply = fc.bigInt({ min: 1n, max: 10n ** 15n });

describe('the estimate of a commitment', () => {
  it('never exceeds the supply or the commitment’s demand, whatever total was listed', () => {
    fc.assert(
      fc.property(usdt, usdt, price, supply, (mine, total, p, s) => {
        const tokens = estimateTokens(mine, total, s, p);
        expect(tokens >= 0n).toBe(true);
        expect(tokens <= s).toBe(true);
        expect(tokens <= demandOf(mine, p)).toBe(true);
      }),
    );
  });

  it('is the pro-rata share when everyone’s demand exceeds the supply', () => {
    fc.assert(
      fc.property(usdt, usdt, price, supply, (mine, others, p, s) => {
        const total = mine + others;
        fc.pre(total > 0n && demandOf(total, p) > s);
        const share = (s * mine) / total;
        const demand = demandOf(mine, p);
        expect(estimateTokens(mine, total, s, p)).toBe(share < demand ? share : demand);
      }),
    );
  });

  it('shows no more than the supply on a project whose listed total is behind', () => {
    // 10,000 USDT at 0.05 would buy 200,000 NOVA; the supply is 100,000 and the list said 0.
    const project = { supply: '100000', price: '0.05', committed: '0' };
    const estimate = estimateCommitment(project, 10_000n * 100_000_000n, 0n);
    expect(estimate && displayAmount(estimate.tokens)).toBe('100000');
    expect(estimate && displayAmount(estimate.cost)).toBe('5000');
  });
});
