// The one rule for a take-profit and a stop-loss (core/contract/tpsl.ts): each side of the entry
// and the mark, the liquidation price, and what a crossing limit is expected to enter at. Whatever
// the rule takes, the mark does not set off at once; whatever the mark would set off at once, the
// rule refuses.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  limitEntry,
  type TpSlGround,
  tpSlProblem,
  tpSlTriggered,
} from '../../core/contract/tpsl.ts';

const long: TpSlGround = { direction: 'long', entry: 100n, mark: 102n, liquidation: 90n };
const short: TpSlGround = { direction: 'short', entry: 100n, mark: 98n, liquidation: 110n };

describe('take-profit and stop-loss', () => {
  it('takes a take-profit beyond both the entry and the mark in the position’s favour', () => {
    expect(tpSlProblem(long, 103n, null)).toBeNull();
    expect(tpSlProblem(long, 101n, null)).toBe('take_profit_invalid');
    expect(tpSlProblem(long, 102n, null)).toBe('take_profit_invalid');
    expect(tpSlProblem(long, 99n, null)).toBe('take_profit_invalid');
    expect(tpSlProblem(short, 97n, null)).toBeNull();
    expect(tpSlProblem(short, 99n, null)).toBe('take_profit_invalid');
  });

  it('takes a stop-loss against both, and before the liquidation price', () => {
    expect(tpSlProblem(long, null, 95n)).toBeNull();
    expect(tpSlProblem(long, null, 100n)).toBe('stop_loss_invalid');
    expect(tpSlProblem(long, null, 90n)).toBe('stop_loss_invalid');
    expect(tpSlProblem(long, null, 1n)).toBe('stop_loss_invalid');
    // The mark below the entry: a stop-loss between them would fire at once.
    expect(tpSlProblem({ ...long, mark: 96n }, null, 97n)).toBe('stop_loss_invalid');
    expect(tpSlProblem(short, null, 105n)).toBeNull();
    expect(tpSlProblem(short, null, 110n)).toBe('stop_loss_invalid');
    expect(tpSlProblem({ ...short, liquidation: null }, null, 10_000n)).toBeNull();
  });

  it('judges against the entry alone while there is no mark', () => {
    expect(tpSlProblem({ ...long, mark: null }, 101n, 99n)).toBeNull();
  });

  it('never takes what the mark would set off at once', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('long' as const, 'short' as const),
        fc.bigInt({ min: 1n, max: 1_000n }),
        fc.bigInt({ min: 1n, max: 1_000n }),
        fc.option(fc.bigInt({ min: 1n, max: 1_000n })),
        fc.option(fc.bigInt({ min: 1n, max: 1_000n })),
        fc.option(fc.bigInt({ min: 1n, max: 1_000n })),
        (direction, entry, mark, liquidation, tp, sl) => {
          const ground = { direction, entry, mark, liquidation };
          const problem = tpSlProblem(ground, tp, sl);
          const fires = tpSlTriggered(direction, mark, tp, sl);
          if (problem === null) expect(fires).toBeNull();
          if (fires === 'tp') expect(problem).toBe('take_profit_invalid');
          if (fires === 'sl' && tpSlProblem(ground, tp, null) === null) {
            expect(problem).toBe('stop_loss_invalid');
          }
          if (sl !== null && liquidation !== null) {
            const beyond = direction === 'long' ? sl <= liquidation : sl >= liquidation;
            if (beyond) expect(problem).not.toBeNull();
          }
        },
      ),
    );
  });
});

describe('the entry a limit order is expected at', () => {
  it('is the best opposite price when the limit crosses it, else the limit', () => {
    expect(limitEntry('long', 105n, 100n)).toBe(100n);
    expect(limitEntry('long', 95n, 100n)).toBe(95n);
    expect(limitEntry('short', 95n, 100n)).toBe(100n);
    expect(limitEntry('short', 105n, 100n)).toBe(105n);
    expect(limitEntry('long', 105n, null)).toBe(105n);
  });
});
