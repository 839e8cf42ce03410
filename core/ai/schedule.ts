// An AI ETF order's accrual schedule, as published (docs/ai-products.md) and shown before
// purchase: one pure function the page and the server share, which the ledger then follows to the
// atom. Money in atoms (10^-8); the yearly rate in parts per 10^6 of a year (12.5 % = 125000).
//
// - Interest accrues from 00:00 UTC after the purchase, one day at a time, for the product's days.
// - Each day earns principal × rate ÷ 365, rounded down to the atom, and is credited at the day's
//   end (the next 00:00 UTC).
// - At maturity (the last day's end) the principal returns with the last day's reward.
// - An early withdrawal returns the principal less every reward already paid, never less than
//   nothing: a user is never debited for leaving early. Products whose rewards could outgrow the
//   principal before maturity are refused when they are set up (`rewardsOutgrowPrincipal`).

export interface Accrual {
  /** The day's end, when its reward is credited (ms, 00:00 UTC). */
  date: number;
  amount: bigint;
}

export const dayMs = 86_400_000;

/** The first 00:00 UTC after `at` (the next day's, at midnight exactly too). */
export function nextMidnight(at: number): number {
  return (Math.floor(at / dayMs) + 1) * dayMs;
}

export function dailyReward(principal: bigint, aprPpm: number): bigint {
  return (principal * BigInt(aprPpm)) / (1_000_000n * 365n);
}

export function accrualSchedule(
  principal: bigint,
  aprPpm: number,
  days: number,
  boughtAt: number,
): Accrual[] {
  const start = nextMidnight(boughtAt);
  const amount = dailyReward(principal, aprPpm);
  return Array.from({ length: days }, (_, i) => ({ date: start + (i + 1) * dayMs, amount }));
}

/** When the principal returns: the last accrual day's end. */
export function maturityOf(days: number, boughtAt: number): number {
  return nextMidnight(boughtAt) + days * dayMs;
}

/** What an early withdrawal returns: the principal less the rewards already paid, at least 0. */
export function earlyWithdrawal(principal: bigint, paid: bigint): bigint {
  return paid < principal ? principal - paid : 0n;
}

/**
 * Whether terms could pay an order more in rewards than its principal before it matures (the
 * last early withdrawal comes after `days − 1` paid days): then leaving early could cost more
 * than the principal returns. At most `aprPpm × (days − 1) ÷ 365` of the principal is paid by
 * then, rounded down each day, so this is exact for every principal.
 */
export function rewardsOutgrowPrincipal(aprPpm: number, days: number): boolean {
  return BigInt(aprPpm) * BigInt(Math.max(0, days - 1)) > 365n * 1_000_000n;
}

/** The promised rewards of an order: what the reserve must hold for it. */
export function promisedRewards(principal: bigint, aprPpm: number, days: number): bigint {
  return dailyReward(principal, aprPpm) * BigInt(days);
}
