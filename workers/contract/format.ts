// How the perpetual pages write their numbers, in the worker for the user's locale, by the one
// figures formatter (core/figures.ts): prices at their market's scale, USDT amounts at the
// quote's precision, rates and ratios as percent, signs shown on what can be a gain or a loss.

import {
  dash,
  formatAmount,
  formatAtScale,
  formatPercent,
  formatRate,
  formatSettledAmount,
  formatSignedAmount,
  noPrecisions,
  quoteAsset,
} from '../../core/figures.ts';
import { percentText, signedAtoms } from '../../core/market/decimal-atoms.ts';

export function signOf(value: string): -1 | 0 | 1 {
  const atoms = signedAtoms(value);
  if (atoms === null || atoms === 0n) return 0;
  return atoms > 0n ? 1 : -1;
}

/** A price at its market's scale; `--` when there is none. */
export function price(value: string | null, scale: number | undefined, locale: string): string {
  return formatAtScale(value, scale, locale);
}

/** A quantity of the market's base at its lot's decimals (as written when the market is unknown). */
export function quantity(
  value: string,
  market: { quantity_scale: number } | undefined,
  locale: string,
): string {
  return formatAtScale(value, market?.quantity_scale, locale);
}

/** A USDT amount at the quote's precision. */
export function amount(value: string, locale: string): string {
  return formatAmount(value, quoteAsset, noPrecisions, locale);
}

/** A USDT figure a settlement worked out (a liquidation's inputs): cents, and every decimal it has. */
export function settled(value: string, locale: string): string {
  return formatSettledAmount(value, quoteAsset, noPrecisions, locale);
}

/** A USDT amount with its sign (`+1.25`, `-0.40`). */
export function signedAmount(value: string, locale: string): string {
  return formatSignedAmount(value, quoteAsset, noPrecisions, locale);
}

/** A fraction as percent (`0.0001` → `0.0100%`), signed when asked. */
export function percent(
  fraction: string,
  decimals: number,
  locale: string,
  signed = false,
): string {
  const value = percentText(fraction);
  return value === null ? dash : formatPercent(value, locale, { decimals, signed });
}

/** A fraction as percent with every decimal it has (`0.0065` → `0.65%`): a rate to check by. */
export function exactPercent(fraction: string, locale: string): string {
  return formatRate(percentText(fraction), locale);
}

/** A percent already in percent (`1.25`), signed: the 24 h change. */
export function signedPercent(value: string, locale: string): string {
  return formatPercent(value, locale, { signed: true });
}

/** An ISO time as ms since the epoch; null when it is none. */
export function timeOf(iso: string): number | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}
