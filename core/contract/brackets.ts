// Leverage brackets of a perpetual market: for each tier of position notional a maximum leverage
// and a maintenance margin rate, and the maintenance amount that keeps the maintenance margin
// continuous where one tier meets the next (Binance's rule:
// cum(n) = cum(n-1) + floor(n) × (MMR(n) − MMR(n-1)), floor(n) being the tier's lowest notional).
// Amounts are USDT atoms (10^-8), rates parts per million.
import { ppmOf } from '../market/decimal-atoms.ts';
import { parseAmount } from '../money.ts';

export interface BracketTier {
  /** The largest notional of the tier, inclusive, in atoms. */
  notionalCap: bigint;
  maxLeverage: number;
  /** Maintenance margin rate, parts per million (4000 = 0.4 %). */
  mmrPpm: number;
}

export interface Bracket extends BracketTier {
  /** The tier's lowest notional, exclusive (the previous tier's cap), in atoms. */
  notionalFloor: bigint;
  /** Maintenance amount, atoms: subtracted from notional × MMR. */
  cum: bigint;
}

const ppm = 1_000_000n;
const usdt = 100_000_000n;

/** Tiers in increasing order of cap, with their maintenance amounts. */
export function bracketsOf(tiers: readonly BracketTier[]): Bracket[] {
  const brackets: Bracket[] = [];
  let floor = 0n;
  let cum = 0n;
  let previousMmr = 0;
  for (const tier of tiers) {
    if (tier.notionalCap <= floor) throw new Error('bracket caps must increase');
    if (tier.mmrPpm < previousMmr) throw new Error('maintenance rates must not decrease');
    // floor × ΔMMR is exact in atoms: floor is a whole number of atoms and ΔMMR in ppm.
    cum += (floor * BigInt(tier.mmrPpm - previousMmr)) / ppm;
    brackets.push({ ...tier, notionalFloor: floor, cum });
    floor = tier.notionalCap;
    previousMmr = tier.mmrPpm;
  }
  return brackets;
}

/** The bracket a notional falls in; the last one beyond every cap. */
export function bracketFor(brackets: readonly Bracket[], notional: bigint): Bracket {
  const found = brackets.find((bracket) => notional <= bracket.notionalCap);
  const last = brackets.at(-1);
  if (!last) throw new Error('a market needs at least one bracket');
  return found ?? last;
}

const tier = (capUsdt: number, maxLeverage: number, mmrPpm: number): BracketTier => ({
  notionalCap: BigInt(capUsdt) * usdt,
  maxLeverage,
  mmrPpm,
});

/** The default tiers, as Binance's BTCUSDT perpetual. */
export const defaultTiers: readonly BracketTier[] = [
  tier(50_000, 125, 4_000),
  tier(250_000, 100, 5_000),
  tier(1_000_000, 50, 10_000),
  tier(10_000_000, 20, 25_000),
  tier(20_000_000, 10, 50_000),
  tier(50_000_000, 5, 100_000),
  tier(100_000_000, 4, 125_000),
  tier(200_000_000, 3, 150_000),
  tier(300_000_000, 2, 250_000),
  tier(500_000_000, 1, 500_000),
];

/** A market's brackets as the formulas take them; null when they do not make a valid ladder. */
export function marketBrackets(
  brackets: readonly { notional_cap: string; max_leverage: number; maintenance_rate: string }[],
): Bracket[] | null {
  const tiers = brackets.map((bracket) => ({
    notionalCap: parseAmount(bracket.notional_cap),
    maxLeverage: bracket.max_leverage,
    mmrPpm: ppmOf(bracket.maintenance_rate),
  }));
  if (tiers.length === 0) return null;
  const valid = [];
  for (const { notionalCap, maxLeverage, mmrPpm } of tiers) {
    if (notionalCap === null || mmrPpm === null) return null;
    valid.push({ notionalCap, maxLeverage, mmrPpm });
  }
  try {
    return bracketsOf(valid);
  } catch {
    return null;
  }
}
