// Funding of the perpetual contracts, the rule Binance publishes: the premium index sampled
// against the index price, averaged with later samples weighing more, plus the interest rate's
// difference clamped to ±0.05 %, the whole scaled to the funding interval (the rule is stated per
// 8 h), capped; the notional the premium's impact prices are measured with; and the round's
// payments, peer to peer, whose rounding remainder goes to the insurance fund, never to the house.
// Rates are in parts per 10^8 (1_000_000 = 1 %), prices in quote atoms, amounts in USDT atoms.
import { type Direction, notional } from './margin.ts';
import { ceilDiv, floorDiv } from './rounding.ts';

/** Parts per 10^8 make one: a rate of 1 % is 1_000_000. */
export const rateUnit = 100_000_000n;

/** The interval the rule's interest and clamp are stated for: 8 h. */
export const ruleIntervalMs = 8 * 3_600_000;

export interface FundingRule {
  /** Interest per 8 h, parts per 10^8 (Binance: 0.01 % = 10_000, that is 0.03 % a day). */
  interest: bigint;
  /** The clamp on interest − premium per 8 h, parts per 10^8 (Binance: 0.05 % = 50_000). */
  clamp: bigint;
  /** The largest rate of one round either way, parts per 10^8 (whatever the interval). */
  cap: bigint;
  /** The funding interval, ms: a round pays the 8 h rate × interval ÷ 8 h. */
  intervalMs: number;
}

export const defaultFundingRule: FundingRule = {
  interest: 10_000n,
  clamp: 50_000n,
  cap: 300_000n,
  intervalMs: ruleIntervalMs,
};

const clampTo = (value: bigint, low: bigint, high: bigint) =>
  value < low ? low : value > high ? high : value;

/**
 * A rate stated per 8 h over `intervalMs` (Binance's ÷ (8 ÷ N) for an interval of N hours),
 * rounded toward zero, so no side pays more than the rule.
 */
export function perInterval(perEightHours: bigint, intervalMs: number): bigint {
  return (perEightHours * BigInt(intervalMs)) / BigInt(ruleIntervalMs);
}

/**
 * The notional the impact bid and ask are measured with (Binance's impact margin notional): the
 * impact margin ÷ the initial margin rate at the market's maximum leverage, 1 ÷ that leverage
 * (200 USDT at 125× is 25,000 USDT). USDT atoms.
 */
export function impactNotional(impactMargin: bigint, maxLeverage: number): bigint {
  return impactMargin * BigInt(maxLeverage);
}

/**
 * One premium sample: (max(0, impact bid − index) − max(0, index − impact ask)) ÷ index, in parts
 * per 10^8, rounded toward −∞. The impact prices are what a set notional would trade at.
 */
export function premiumSample(impactBid: bigint, impactAsk: bigint, index: bigint): bigint {
  if (index <= 0n) throw new Error('the index must be positive');
  const above = impactBid > index ? impactBid - index : 0n;
  const below = index > impactAsk ? index - impactAsk : 0n;
  return floorDiv((above - below) * rateUnit, index);
}

/** The average of the interval's samples, the i-th (from 1) weighing i: later ones count more. */
export function averagePremium(samples: readonly bigint[]): bigint {
  if (samples.length === 0) return 0n;
  let weighted = 0n;
  let weights = 0n;
  for (const [i, sample] of samples.entries()) {
    weighted += sample * BigInt(i + 1);
    weights += BigInt(i + 1);
  }
  return floorDiv(weighted, weights);
}

/**
 * The interval's rate: (premium + clamp(interest − premium, ±clamp)) × interval ÷ 8 h, within
 * ±cap. The premium is a level, not a rate over time, so it scales with the rest: an hourly round
 * pays an eighth of what an 8 h round would at the same premium.
 */
export function fundingRate(samples: readonly bigint[], rule = defaultFundingRule): bigint {
  const premium = averagePremium(samples);
  const perEightHours = premium + clampTo(rule.interest - premium, -rule.clamp, rule.clamp);
  return clampTo(perInterval(perEightHours, rule.intervalMs), -rule.cap, rule.cap);
}

export interface FundedPosition {
  direction: Direction;
  /** Base atoms. */
  quantity: bigint;
}

export interface FundingRound {
  /** Per position, in its order: what it receives (positive) or pays (negative), USDT atoms. */
  payments: bigint[];
  /** What the payers paid beyond what the receivers received: to the insurance fund, ≥ 0. */
  remainder: bigint;
}

/**
 * A round's payments at the mark price: with a positive rate longs pay shorts, with a negative
 * one shorts pay longs, each notional × |rate|. A payer's payment is rounded up and a receiver's
 * down, to the atom, so the round never takes money it cannot account for: the difference is the
 * remainder. `positions` are all of the market's, longs and shorts holding the same quantity.
 */
export function fundingRound(
  positions: readonly FundedPosition[],
  mark: bigint,
  rate: bigint,
): FundingRound {
  const held = (direction: Direction) =>
    positions
      .filter((position) => position.direction === direction)
      .reduce((sum, position) => sum + position.quantity, 0n);
  // Every contract has a long and a short side: a round given one side only would pay from
  // nowhere, or leave a payment with no one to receive it.
  if (held('long') !== held('short')) throw new Error('a funding round needs every position');
  // Longs and shorts hold the same, so with a rate and any position both sides pay and are owed.
  if (rate === 0n || positions.length === 0) {
    return { payments: positions.map(() => 0n), remainder: 0n };
  }
  const payments = positions.map((position) => fundingPayment(position, mark, rate));
  const paidIn = payments.filter((payment) => payment < 0n).reduce((a, b) => a - b, 0n);
  const received = payments.filter((payment) => payment > 0n).reduce((a, b) => a + b, 0n);
  return { payments, remainder: paidIn - received };
}

/**
 * One position's part of a round, alone: a round paid a few positions at a time (a slice, or a
 * position an order changes first) pays each what the whole round would, since no payment
 * depends on another's. Negative for a payer (rounded up), positive for a receiver (rounded down).
 */
export function fundingPayment(position: FundedPosition, mark: bigint, rate: bigint): bigint {
  const magnitude = rate < 0n ? -rate : rate;
  const payers: Direction = rate >= 0n ? 'long' : 'short';
  const exact = notional(position.quantity, mark) * magnitude;
  return position.direction === payers ? -ceilDiv(exact, rateUnit) : exact / rateUnit;
}
