// The stake of a second contract as the form checks it before it is sent, with the server's own
// bounds: USDT in whole cents, at least the minimum stake and at most the maximum, and no more
// than the second-contract wallet holds. The server still judges it; this spares a round trip.
// Published rates arrive as fractions (`0.85`) and the rule takes parts per 10^6.
import { type QuantityShare, shareOf } from '../market/quantity-share.ts';
import { displayAmount, parseAmount } from '../money.ts';

/** Stakes are whole cents of USDT. */
export const stakeDecimals = 2;
const cent = '0.01';
const centAtoms = parseAmount(cent) ?? 1n;

export type StakeRule =
  | 'required'
  | 'invalid'
  | 'offStep'
  | 'belowMinimum'
  | 'aboveMaximum'
  | 'insufficient';

export interface StakeProblem {
  rule: StakeRule;
  /** What the message names, as exact decimals. */
  params?: { amount: string } | { decimals: number };
}

export interface StakeBounds {
  /** Exact decimals; `available` null while the wallet is not known. */
  minimum: string;
  maximum: string;
  available: string | null;
}

/** The stake typed, in atoms, or what is wrong with it. */
export function checkStake(text: string, bounds: StakeBounds): StakeProblem | bigint {
  const trimmed = text.trim();
  if (trimmed === '') return { rule: 'required' };
  const stake = parseAmount(trimmed);
  if (stake === null || stake === 0n) return { rule: 'invalid' };
  if (stake % centAtoms !== 0n) return { rule: 'offStep', params: { decimals: stakeDecimals } };
  const minimum = parseAmount(bounds.minimum);
  const maximum = parseAmount(bounds.maximum);
  if (minimum !== null && stake < minimum) {
    return { rule: 'belowMinimum', params: { amount: bounds.minimum } };
  }
  if (maximum !== null && stake > maximum) {
    return { rule: 'aboveMaximum', params: { amount: bounds.maximum } };
  }
  const available = bounds.available === null ? null : parseAmount(bounds.available);
  if (available !== null && stake > available) return { rule: 'insufficient' };
  return stake;
}

/** `percent` of the available balance in whole cents, as an exact decimal; null when unknown. */
export function stakeShare(available: string | null, percent: QuantityShare): string | null {
  return shareOf(available, percent, cent);
}

/** A published rate as a fraction (`0.85`) in parts per 10^6 (850000); null when it is not one. */
export function ratePpmOf(rate: string): number | null {
  const atoms = parseAmount(rate);
  // Atoms are 10^-8: a rate of at most six decimals is a whole number of parts per 10^6.
  if (atoms === null || atoms % 100n !== 0n) return null;
  return Number(atoms / 100n);
}

/** Parts per 10^6 as an exact percent (`850000` → `85`, `833333` → `83.3333`). */
export function ppmPercent(partsPerMillion: number): string {
  return displayAmount(BigInt(partsPerMillion) * 100n * 100n);
}
