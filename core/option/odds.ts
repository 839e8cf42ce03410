// What the order form shows before a second contract is placed, at the published payout rate:
// what a win pays, the expected value at an even chance, and the hit rate at which the product
// breaks even. Money in atoms; rates as parts per 10^6.
import { ppm, winPayout } from './settlement.ts';

export interface Odds {
  /** Paid back on a win: stake × (1 + rate). */
  payout: bigint;
  /** The expected gain at a 50 % hit rate: payout ÷ 2 − stake (negative: the house edge). */
  expectedValue: bigint;
  /** The hit rate at which the expected gain is zero: 1 ÷ (1 + rate), in parts per 10^6, rounded up. */
  breakEvenPpm: number;
}

export function oddsOf(stake: bigint, ratePpm: number): Odds {
  const payout = winPayout(stake, ratePpm);
  const denominator = ppm + BigInt(ratePpm);
  return {
    payout,
    expectedValue: payout / 2n - stake,
    breakEvenPpm: Number((ppm * ppm + denominator - 1n) / denominator),
  };
}
