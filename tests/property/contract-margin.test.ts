// The perpetual contracts' margin formulas: brackets keep the maintenance margin continuous where
// tiers meet, and the liquidation price is exactly where the position becomes liquidated (the
// last price of a long, the first of a short), for random positions, leverages and backings,
// across bracket boundaries.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketFor, bracketsOf, defaultTiers } from '../../core/contract/brackets.ts';
import {
  initialMargin,
  initialMarginOfCost,
  isLiquidated,
  liquidationPrice,
  maintenanceMargin,
  notional,
  type Position,
  unrealizedPnl,
} from '../../core/contract/margin.ts';

const brackets = bracketsOf(defaultTiers);
const usdt = 100_000_000n;

describe('leverage brackets', () => {
  it('carry Binance’s maintenance amounts', () => {
    expect(brackets.slice(0, 4).map((bracket) => bracket.cum)).toEqual([
      0n,
      50n * usdt,
      1_300n * usdt,
      16_300n * usdt,
    ]);
  });

  it('keep the maintenance margin continuous where one tier meets the next', () => {
    for (const [i, bracket] of brackets.slice(0, -1).entries()) {
      const next = brackets[i + 1];
      if (!next) continue;
      const at = (b: typeof bracket) => bracket.notionalCap * BigInt(b.mmrPpm) - b.cum * 1_000_000n;
      expect(at(bracket)).toBe(at(next));
    }
  });

  it('finds the bracket of a notional, the last beyond every cap', () => {
    expect(bracketFor(brackets, 50_000n * usdt).maxLeverage).toBe(125);
    expect(bracketFor(brackets, 50_000n * usdt + 1n).maxLeverage).toBe(100);
    expect(bracketFor(brackets, 10n ** 30n).maxLeverage).toBe(1);
  });
});

describe('margin of a position', () => {
  const long: Position = { direction: 'long', quantity: usdt, entryPrice: 50_000n * usdt };

  it('prices a 10× long of 1 BTC at 50,000 as Binance does', () => {
    expect(notional(long.quantity, long.entryPrice)).toBe(50_000n * usdt);
    const margin = initialMargin(long.quantity, long.entryPrice, 10);
    expect(margin).toBe(5_000n * usdt);
    expect(unrealizedPnl(long, 51_000n * usdt)).toBe(1_000n * usdt);
    expect(maintenanceMargin(brackets, long.quantity, 50_000n * usdt)).toBe(200n * usdt);
    // (50,000 − 5,000) ÷ (1 − 0.004) = 45,180.7228…
    const price = liquidationPrice(brackets, long, margin);
    expect(price).toBe(4_518_072_289_156n);
  });

  it('asks the initial margin of quantity × price ÷ leverage, rounded up once', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000n * usdt }),
        fc.bigInt({ min: 1n, max: 1_000_000n * usdt }),
        fc.integer({ min: 1, max: 125 }),
        (quantity, price, leverage) => {
          const margin = initialMargin(quantity, price, leverage);
          const exact = quantity * price; // × 10^-8 USDT atoms × leverage
          const scale = usdt * BigInt(leverage);
          // Never below the rule, and less than one atom above it.
          expect(margin * scale >= exact).toBe(true);
          expect((margin - 1n) * scale < exact).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('does not floor the notional before dividing by the leverage', () => {
    // 5 base atoms at half a USDT: a notional of 2.5 atoms, 1.25 at 2×, so 2 atoms of margin.
    // Floored first (2 atoms ÷ 2) it would ask 1, one atom short of the rule.
    expect(initialMargin(5n, usdt / 2n, 2)).toBe(2n);
    // A position's cost is booked to the atom at each fill; its margin is reckoned from that.
    expect(initialMarginOfCost(notional(5n, usdt / 2n), 2)).toBe(1n);
  });

  it('has no liquidation price for a long backed by more than its notional', () => {
    expect(liquidationPrice(brackets, long, 60_000n * usdt)).toBeNull();
  });

  const positions = fc.record({
    direction: fc.constantFrom('long' as const, 'short' as const),
    // 0.001 to 500 coins, at 1 to 200,000 USDT: notionals across many brackets.
    quantity: fc.bigInt({ min: 100_000n, max: 500n * usdt }),
    entryPrice: fc.bigInt({ min: usdt, max: 200_000n * usdt }),
    leverage: fc.integer({ min: 1, max: 125 }),
    // The backing as a share of the initial margin, 10 % to 300 % (cross margin brings more).
    backingPercent: fc.integer({ min: 10, max: 300 }),
  });

  it('puts the liquidation price exactly where the position becomes liquidated', () => {
    fc.assert(
      fc.property(positions, ({ leverage, backingPercent, ...position }) => {
        const backing =
          (initialMargin(position.quantity, position.entryPrice, leverage) *
            BigInt(backingPercent)) /
          100n;
        const price = liquidationPrice(brackets, position, backing);
        const liquidated = (mark: bigint) => isLiquidated(brackets, position, backing, mark);
        if (price === null) {
          expect(position.direction).toBe('long');
          expect(liquidated(1n)).toBe(false);
          return;
        }
        expect(liquidated(price)).toBe(true);
        if (position.direction === 'long') expect(liquidated(price + 1n)).toBe(false);
        else if (price > 1n) expect(liquidated(price - 1n)).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('moves the liquidation price away as margin is added', () => {
    fc.assert(
      fc.property(positions, fc.bigInt({ min: 1n, max: 10_000n * usdt }), (drawn, added) => {
        const { leverage, backingPercent: _, ...position } = drawn;
        const backing = initialMargin(position.quantity, position.entryPrice, leverage);
        const before = liquidationPrice(brackets, position, backing);
        const after = liquidationPrice(brackets, position, backing + added);
        if (position.direction === 'long') {
          if (before !== null && after !== null) expect(after <= before).toBe(true);
          if (before === null) expect(after).toBeNull();
        } else {
          expect((after ?? 0n) >= (before ?? 0n)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
