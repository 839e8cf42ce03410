// A funding round paid in slices (server/contract/funding-payments.ts, funding-rounds.ts), in
// memory: whatever the slices' sizes, and whichever positions orders change first (paid ahead of
// their slice), every position is paid once, exactly what the round paid whole would pay it; the
// round leaves the same remainder; every posting balances; and the funding account is back at zero
// once the round is finished, its rounding in the insurance fund.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fundingRound } from '../../core/contract/funding.ts';
import type { BatchPort } from '../../server/contract/batch-types.ts';
import { ContractBalances } from '../../server/contract/contract-balances.ts';
import {
  EngineState,
  newPosition,
  type PositionState,
} from '../../server/contract/engine-state.ts';
import {
  type FundingCommand,
  FundingPayer,
  type FundingRecord,
} from '../../server/contract/funding-payments.ts';
import type { Posting } from '../../server/ledger/post.ts';

const usdt = 100_000_000n;

/** Pairs of a long and a short of the same size: what a market's positions always are. */
const pairs = fc.array(
  fc.record({
    quantity: fc.bigInt({ min: 1n, max: 5n * usdt }),
    longCross: fc.boolean(),
    shortCross: fc.boolean(),
  }),
  { minLength: 1, maxLength: 30 },
);

function positionsOf(terms: { quantity: bigint; longCross: boolean; shortCross: boolean }[]) {
  return terms.flatMap(({ quantity, longCross, shortCross }, i) =>
    (['long', 'short'] as const).map((direction, side) => {
      const id = 2 * i + side + 1;
      const cross = direction === 'long' ? longCross : shortCross;
      return {
        ...newPosition({
          id,
          userId: id,
          symbol: 'BTCUSDT',
          direction,
          marginMode: cross ? 'cross' : 'isolated',
          leverage: 10,
          openedAt: new Date(0),
        }),
        quantity,
        // Enough that no payment runs short: the fund's cover is another test's concern.
        margin: 1_000_000n * usdt,
      } satisfies PositionState;
    }),
  );
}

describe('a funding round in slices', () => {
  it('pays each position once what the whole round would, and balances', () => {
    fc.assert(
      fc.property(
        pairs,
        fc.bigInt({ min: -300_000n, max: 300_000n }),
        fc.bigInt({ min: 1n, max: 200_000n * usdt }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 20 }),
        // Before each slice, some positions an order changes first: indexes into the positions.
        fc.array(fc.array(fc.nat(), { maxLength: 4 }), { maxLength: 20 }),
        (terms, rate, mark, sizes, touches) => {
          const positions = positionsOf(terms);
          const whole = fundingRound(positions, mark, rate);
          const state = new EngineState();
          const balances = new ContractBalances();
          for (const position of positions) {
            state.addPosition(position);
            balances.set(position.userId, 1_000n * usdt, position.margin);
          }
          const postings: Posting[] = [];
          const port = {
            post(posting: Posting | null) {
              if (!posting) return;
              postings.push(posting);
              balances.apply(posting);
            },
            touchPosition: () => undefined,
            markMoved: () => undefined,
          } as unknown as BatchPort;
          const records: FundingRecord[] = [];
          const payer = new FundingPayer(port, state, balances, records);
          const command: FundingCommand = {
            kind: 'fund',
            symbol: 'BTCUSDT',
            rate,
            mark,
            fundingTime: new Date(0),
            samples: 0,
          };
          let finished = false;
          for (let i = 0; !finished; i++) {
            for (const index of touches[i] ?? []) {
              const position = positions[index % positions.length];
              if (position) payer.settleDue(position);
            }
            state.funding.sizeSlices(command.symbol, sizes[i % sizes.length] ?? 1);
            finished = payer.slice(command).finished;
          }

          const paid = new Map<number, bigint>();
          for (const payment of records.flatMap((record) => record.payments)) {
            expect(paid.has(payment.position.id)).toBe(false);
            paid.set(payment.position.id, payment.amount);
          }
          expect(positions.map((position) => paid.get(position.id) ?? 0n)).toEqual(whole.payments);
          const round = records[0]?.round;
          expect(round?.finished ?? rate === 0n).toBe(true);
          if (round) expect(round.paid - round.received).toBe(whole.remainder);
          const net = new Map<string, bigint>();
          for (const posting of postings) {
            expect(posting.legs.reduce((sum, leg) => sum + leg.amount, 0n)).toBe(0n);
            for (const leg of posting.legs) {
              const key = JSON.stringify(leg.account);
              net.set(key, (net.get(key) ?? 0n) + leg.amount);
            }
          }
          expect(net.get(JSON.stringify({ system: 'contract_funding', asset: 'USDT' })) ?? 0n).toBe(
            0n,
          );
          expect(net.get(JSON.stringify({ system: 'insurance', asset: 'USDT' })) ?? 0n).toBe(
            whole.remainder,
          );
        },
      ),
    );
  });
});
