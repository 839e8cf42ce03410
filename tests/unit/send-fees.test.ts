// A replacement's fees: nodes take a transaction at a used nonce only when both fees rise enough,
// and it must also reach what the chain asks now, or it would be stuck like the one it replaces.
import { describe, expect, it } from 'vitest';
import { replacementFees } from '../../server/chain/evm/send-fees.ts';

describe('replacementFees', () => {
  it('raises both fees by at least 12.5 % and one wei', () => {
    const previous = { maxFeePerGas: 1_000n, maxPriorityFeePerGas: 80n };
    const now = { maxFeePerGas: 900n, maxPriorityFeePerGas: 50n };
    expect(replacementFees(previous, now)).toEqual({
      maxFeePerGas: 1_126n,
      maxPriorityFeePerGas: 91n,
    });
  });

  it('takes the current estimate when it is higher', () => {
    const previous = { maxFeePerGas: 1_000n, maxPriorityFeePerGas: 80n };
    const now = { maxFeePerGas: 5_000n, maxPriorityFeePerGas: 300n };
    expect(replacementFees(previous, now)).toEqual(now);
  });

  it('never lets the priority fee exceed the most paid per gas', () => {
    const previous = { maxFeePerGas: 100n, maxPriorityFeePerGas: 100n };
    const now = { maxFeePerGas: 10n, maxPriorityFeePerGas: 500n };
    const fees = replacementFees(previous, now);
    expect(fees.maxFeePerGas).toBeGreaterThanOrEqual(fees.maxPriorityFeePerGas);
    expect(fees.maxPriorityFeePerGas).toBe(500n);
  });
});
