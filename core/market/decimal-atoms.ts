// Wire decimals as exact integers and back, for every product that shows money: prices,
// quantities and amounts all have at most eight decimals, so each is a whole number of atoms
// (10^-8); a price is written at its market's scale, rounded half up, as the server writes it;
// rates are fractions.
import { fromUnits } from '../market/units.ts';
import { displayAmount, parseAmount } from '../money.ts';

/** A decimal of at most eight places as atoms, sign kept; null for anything else. */
export function signedAtoms(text: string): bigint | null {
  const negative = text.startsWith('-');
  const atoms = parseAmount(negative ? text.slice(1) : text);
  if (atoms === null) return null;
  return negative ? -atoms : atoms;
}

/** Atoms per coin as a price of `scale` decimals, rounded half up: the server's own rule. */
export function priceAtScale(atoms: bigint, scale: number): string {
  const step = 10n ** BigInt(8 - scale);
  return fromUnits((atoms * 2n + step) / (2n * step), scale);
}

/** A fraction (`0.004`) in parts per million; null when it is none of at most six decimals. */
export function ppmOf(rate: string): number | null {
  const atoms = parseAmount(rate);
  if (atoms === null || atoms % 100n !== 0n) return null;
  return Number(atoms / 100n);
}

/**
 * part ÷ whole as a fraction of four decimals, rounded toward zero: the server's ratio rule;
 * `none` when whole ≤ 0 (a margin ratio with no margin balance left reads 1).
 */
export function ratioText(part: bigint, whole: bigint, none = '0'): string {
  if (whole <= 0n) return none;
  return displayAmount(((part * 10_000n) / whole) * 10_000n);
}

/** A fraction as percent (`0.0001` → `0.01`), exactly; null when it is no decimal of ≤ 8 places. */
export function percentText(fraction: string): string | null {
  const atoms = signedAtoms(fraction);
  return atoms === null ? null : displayAmount(atoms * 100n);
}
