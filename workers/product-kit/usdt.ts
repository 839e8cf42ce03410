// How the USDT products' pages (the second contract, pre-sale, fixed-term) write their amounts, in
// the worker for the user's locale, by the one figures formatter (core/figures.ts): USDT as settled
// (every decimal a payout or a return has, never rounded again here), signs on a gain or a loss.
import { formatSettledAmount, noPrecisions, quoteAsset } from '../../core/figures.ts';
import { displayAmount } from '../../core/money.ts';

/** An amount both exact (for a form to take) and as the user reads it. */
export interface ShownAmount {
  exact: string;
  shown: string;
}

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

export function signOfAtoms(atoms: bigint): -1 | 0 | 1 {
  return atoms === 0n ? 0 : atoms > 0n ? 1 : -1;
}
