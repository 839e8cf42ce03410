// How the second contract's pages (and the other USDT products') write their numbers, in the
// worker for the user's locale, by the one figures formatter (core/figures.ts): USDT as settled
// (a win pays the rate's share rounded down to the atom, never rounded again here), rates and hit
// rates in percent from parts per 10^6, prices as recorded, signs on what is a gain or a loss.
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import {
  dash,
  formatAtScale,
  formatRate,
  formatSettledAmount,
  noPrecisions,
  quoteAsset,
} from '../../core/figures.ts';
import { displayAmount } from '../../core/money.ts';
import { ppmPercent, ratePpmOf } from '../../core/option/stake.ts';

/** USDT as settled: cents at least, and every decimal a payout or a return has. */
export function usdt(value: string, locale: string): string {
  return formatSettledAmount(value, quoteAsset, noPrecisions, locale);
}

/** Atoms as USDT, signed when asked (`+8.00`, `-10.00`). */
export function usdtAtoms(atoms: bigint, locale: string, signed = false): string {
  const shown = usdt(displayAmount(atoms < 0n ? -atoms : atoms), locale);
  if (atoms < 0n) return `-${shown}`;
  return signed && atoms > 0n ? `+${shown}` : shown;
}

/** Parts per 10^6 in percent with every decimal it has (`850000` → `85%`). */
export function ppm(partsPerMillion: number, locale: string): string {
  return formatRate(ppmPercent(partsPerMillion), locale);
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

export function signOfAtoms(atoms: bigint): -1 | 0 | 1 {
  return atoms === 0n ? 0 : atoms > 0n ? 1 : -1;
}

/** Payout less stake, in atoms; null while either is unknown. */
export function resultAtoms(payout: string | null, stake: string): bigint | null {
  const paid = payout === null ? null : signedAtoms(payout);
  const staked = signedAtoms(stake);
  return paid === null || staked === null ? null : paid - staked;
}
