// A purchase of a fixed-term product as the product page checks it before it is sent, with the
// product's own terms: USDT of at most eight decimals, within the product's minimum and maximum,
// no more than its quota has left and no more than the funding wallet holds. The server judges
// it again; this spares a round trip. The yearly rate arrives in percent (`12.5`) and the
// schedule (schedule.ts) takes parts per 10^6 of a year (125000).
import { parseAmount } from '../money.ts';

export type PurchaseRule =
  | 'required'
  | 'invalid'
  | 'belowMinimum'
  | 'aboveMaximum'
  | 'aboveQuota'
  | 'insufficient';

export interface PurchaseProblem {
  rule: PurchaseRule;
  /** What the message names, as an exact decimal. */
  params?: { amount: string };
}

export interface PurchaseBounds {
  /** Exact decimals of the product's terms and the funding wallet's USDT (null: not known). */
  min: string;
  max: string;
  remaining: string;
  available: string | null;
}

/** A yearly rate in percent (`12.5`) in parts per 10^6 (125000); null when it is not one. */
export function aprPpmOf(percent: string): number | null {
  const atoms = parseAmount(percent);
  // Atoms are 10^-8 of a percent, 10^-10 of the whole: 10^4 of them make a part per 10^6.
  if (atoms === null || atoms % 10_000n !== 0n) return null;
  return Number(atoms / 10_000n);
}

/** The amount typed, in atoms, or what is wrong with it. */
export function checkPurchase(text: string, bounds: PurchaseBounds): PurchaseProblem | bigint {
  const trimmed = text.trim();
  if (trimmed === '') return { rule: 'required' };
  const amount = parseAmount(trimmed);
  if (amount === null || amount === 0n) return { rule: 'invalid' };
  const limits: [PurchaseRule, string, (limit: bigint) => boolean][] = [
    ['belowMinimum', bounds.min, (limit) => amount < limit],
    ['aboveMaximum', bounds.max, (limit) => amount > limit],
    ['aboveQuota', bounds.remaining, (limit) => amount > limit],
  ];
  for (const [rule, value, breaks] of limits) {
    const limit = parseAmount(value);
    if (limit !== null && breaks(limit)) return { rule, params: { amount: value } };
  }
  const available = bounds.available === null ? null : parseAmount(bounds.available);
  if (available !== null && amount > available) return { rule: 'insufficient' };
  return amount;
}
