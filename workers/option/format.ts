// How the second contract's pages write their numbers, in the worker for the user's locale: USDT
// with at least the cents a stake is made of and every decimal a payout has (a win pays the rate's
// share rounded down to the atom, never rounded again here), rates and hit rates in percent from
// parts per 10^6, signs on what is a gain or a loss.
import { signedAtoms } from '../../core/contract/contract-units.ts';
import { displayAmount } from '../../core/money.ts';
import { ppmPercent, ratePpmOf, stakeDecimals } from '../../core/option/stake.ts';
import { formatPrice } from '../../core/price-format.ts';

const dash = '--';

const decimalsOf = (value: string) => {
  const point = value.indexOf('.');
  return point < 0 ? 0 : value.length - point - 1;
};

/** USDT: cents at least, and every decimal the amount has. */
export function usdt(value: string, locale: string): string {
  return formatPrice(value, { locale, precision: Math.max(stakeDecimals, decimalsOf(value)) });
}

/** Atoms as USDT, signed when asked (`+8.00`, `-10.00`). */
export function usdtAtoms(atoms: bigint, locale: string, signed = false): string {
  const shown = usdt(displayAmount(atoms < 0n ? -atoms : atoms), locale);
  if (atoms < 0n) return `-${shown}`;
  return signed && atoms > 0n ? `+${shown}` : shown;
}

/** Parts per 10^6 in percent with every decimal it has (`850000` → `85%`). */
export function ppm(partsPerMillion: number, locale: string): string {
  return `${formatPrice(ppmPercent(partsPerMillion), { locale })}%`;
}

/** A published rate as a fraction (`0.85`) in percent (`85%`). */
export function rate(fraction: string, locale: string): string {
  const parts = ratePpmOf(fraction);
  return parts === null ? dash : ppm(parts, locale);
}

/** A price exactly as recorded. */
export function recorded(value: string | null, locale: string): string {
  return value === null ? dash : formatPrice(value, { locale, precision: decimalsOf(value) });
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
