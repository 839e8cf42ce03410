// How the perpetual pages write their numbers, in the worker for the user's locale: prices at
// their market's scale, USDT amounts at four decimals, rates and ratios as percent, signs shown
// on what can be a gain or a loss. Every figure is rounded from its exact decimal, never a float.
import { percentText, signedAtoms } from '../../core/contract/contract-units.ts';
import { formatPrice } from '../../core/price-format.ts';

/** Decimals of a USDT amount on these pages: a fee of a small order still shows. */
export const amountDecimals = 4;

const dash = '--';

export function signOf(value: string): -1 | 0 | 1 {
  const atoms = signedAtoms(value);
  if (atoms === null || atoms === 0n) return 0;
  return atoms > 0n ? 1 : -1;
}

/** A price at its market's scale; `--` when there is none. */
export function price(value: string | null, scale: number | undefined, locale: string): string {
  if (value === null) return dash;
  return formatPrice(value, scale === undefined ? { locale } : { locale, precision: scale });
}

/** A quantity or amount exactly as it came, trailing zeros dropped. */
export function exact(value: string, locale: string): string {
  return formatPrice(value, { locale });
}

export function amount(value: string, locale: string): string {
  return formatPrice(value, { locale, precision: amountDecimals });
}

/** A USDT amount with its sign (`+1.2500`, `-0.4000`). */
export function signedAmount(value: string, locale: string): string {
  const shown = amount(value, locale);
  return signOf(value) > 0 ? `+${shown}` : shown;
}

/** A fraction as percent (`0.0001` → `0.0100%`), signed when asked. */
export function percent(
  fraction: string,
  decimals: number,
  locale: string,
  signed = false,
): string {
  const value = percentText(fraction);
  if (value === null) return dash;
  const shown = `${formatPrice(value, { locale, precision: decimals })}%`;
  return signed && signOf(value) > 0 ? `+${shown}` : shown;
}

/** A fraction as percent with every decimal it has (`0.0065` → `0.65%`): a rate to check by. */
export function exactPercent(fraction: string, locale: string): string {
  const value = percentText(fraction);
  return value === null ? dash : `${exact(value, locale)}%`;
}

/** A percent already in percent (`1.25`), signed: the 24 h change. */
export function signedPercent(value: string, locale: string): string {
  const shown = `${formatPrice(value, { locale, precision: 2 })}%`;
  return signOf(value) > 0 ? `+${shown}` : shown;
}

/** An ISO time as ms since the epoch; null when it is none. */
export function timeOf(iso: string): number | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : at;
}
