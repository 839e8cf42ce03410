// How the second contract's pages write their numbers, in the worker for the user's locale, by the
// one figures formatter (core/figures.ts): published rates in percent from parts per 10^6 with
// their own decimals, computed shares (a break-even, a hit rate) with two, prices as recorded, and
// a round's result; USDT amounts as all USDT products write them (workers/product-kit/usdt.ts).

import { dash, formatAtScale, formatPercent, formatRate } from '../../core/figures.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { ppmPercent, ratePpmOf } from '../../core/option/stake.ts';

/** Parts per 10^6 in percent with every decimal it has (`850000` → `85%`). */
export function ppm(partsPerMillion: number, locale: string): string {
  return formatRate(ppmPercent(partsPerMillion), locale);
}

/**
 * A computed share in percent with two decimals, as every percentage of the app reads (a
 * break-even or a realised hit rate: `555556` → `55.56%`); a published rate keeps its own (`ppm`).
 */
export function percentOfPpm(partsPerMillion: number, locale: string): string {
  return formatPercent(ppmPercent(partsPerMillion), locale);
}

/** A published rate as a fraction (`0.85`) in percent (`85%`). */
export function rate(fraction: string, locale: string): string {
  const parts = ratePpmOf(fraction);
  return parts === null ? dash : ppm(parts, locale);
}

/** A price exactly as recorded. */
export function recorded(value: string | null, locale: string): string {
  return formatAtScale(value, undefined, locale);
}

/** Payout less stake, in atoms; null while either is unknown. */
export function resultAtoms(payout: string | null, stake: string): bigint | null {
  const paid = payout === null ? null : signedAtoms(payout);
  const staked = signedAtoms(stake);
  return paid === null || staked === null ? null : paid - staked;
}
