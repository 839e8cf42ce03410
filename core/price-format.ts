// Price display (docs/product.md §5): exact rounding of decimal strings to 8 places (or a market's
// own precision), grouped per locale. Output equals `Intl.NumberFormat` on the same decimal string,
// at a fraction of its cost: the worker formats every price of a flood of ticks.

export const defaultPriceDecimals = 8;

export interface PriceFormatOptions {
  /** An Intl locale tag (`bl` must already be mapped to `pl`). */
  locale?: string;
  /** The market's price precision: exactly this many decimals; else up to 8, trailing zeros dropped. */
  precision?: number;
}

interface LocaleSymbols {
  negativePrefix: string;
  group: string;
  decimal: string;
  /** Intl's minimum grouping digits: 2 means a four-digit integer part stays ungrouped. */
  minGroupDigits: number;
}

const symbolsCache = new Map<string, LocaleSymbols>();

/** Reads the locale's separators once from Intl itself, so both always agree. */
function symbolsFor(locale: string): LocaleSymbols {
  const cached = symbolsCache.get(locale);
  if (cached) return cached;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const parts = format.formatToParts(-1234567.5);
  const firstInteger = parts.findIndex((part) => part.type === 'integer');
  const symbols: LocaleSymbols = {
    negativePrefix: parts
      .slice(0, firstInteger)
      .map((part) => part.value)
      .join(''),
    group: parts.find((part) => part.type === 'group')?.value ?? '',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    minGroupDigits: format.formatToParts(1234).some((part) => part.type === 'group') ? 1 : 2,
  };
  symbolsCache.set(locale, symbols);
  return symbols;
}

/** The mark a locale writes between a number's whole part and its fraction (`.`, `,`). */
export function decimalSeparator(locale: string): string {
  return symbolsFor(locale).decimal;
}

const ZERO = 48;
const NINE = 57;
const POINT = 46;

let lastLocale = '';
let lastSymbols: LocaleSymbols | undefined;

/** Adds one unit in the last place of a digit string; answers the carry-out too. */
function incrementDigits(digits: string): { digits: string; carry: boolean } {
  let i = digits.length - 1;
  while (i >= 0 && digits.charCodeAt(i) === NINE) i--;
  if (i < 0) return { digits: '0'.repeat(digits.length), carry: true };
  const bumped = String.fromCharCode(digits.charCodeAt(i) + 1);
  return { digits: digits.slice(0, i) + bumped + '0'.repeat(digits.length - i - 1), carry: false };
}

function group(integer: string, symbols: LocaleSymbols): string {
  if (symbols.group === '' || integer.length < 3 + symbols.minGroupDigits) return integer;
  const head = integer.length % 3 || 3;
  let out = integer.slice(0, head);
  for (let i = head; i < integer.length; i += 3) out += symbols.group + integer.slice(i, i + 3);
  return out;
}

/** `1.5e3` → `1500`, `-2e-7` → `-0.0000002`; undefined when it is no number. */
function toPlainNotation(text: string, exponentAt: number): string | undefined {
  const exponent = Number(text.slice(exponentAt + 1));
  if (!Number.isInteger(exponent) || Math.abs(exponent) > 400 || exponentAt + 1 >= text.length) {
    return undefined;
  }
  const mantissa = text.slice(0, exponentAt);
  const signed = mantissa.charCodeAt(0) === 45 || mantissa.charCodeAt(0) === 43;
  const sign = mantissa.charCodeAt(0) === 45 ? '-' : '';
  const unsigned = signed ? mantissa.slice(1) : mantissa;
  const point = unsigned.indexOf('.');
  const integer = point === -1 ? unsigned : unsigned.slice(0, point);
  const fraction = point === -1 ? '' : unsigned.slice(point + 1);
  if (!/^\d*$/.test(integer) || !/^\d*$/.test(fraction) || integer + fraction === '')
    return undefined;
  const digits = integer + fraction;
  const pointAt = integer.length + exponent;
  if (pointAt <= 0) return `${sign}0.${'0'.repeat(-pointAt)}${digits}`;
  if (pointAt >= digits.length) return sign + digits + '0'.repeat(pointAt - digits.length);
  return `${sign + digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/**
 * Formats a price for display. Empty values, values containing `--`, positive values under
 * 0.000001 and text that is no number are returned unchanged.
 */
export function formatPrice(value: string | number, options: PriceFormatOptions = {}): string {
  const original = typeof value === 'number' ? String(value) : value;
  let text = original;
  // One pass over the characters: sign, digits, at most one point. Anything else, a `--` among
  // it, returns the value unchanged; scientific notation is rare (only numbers print it) and is
  // rewritten to plain notation first.
  let length = text.length;
  const first = text.charCodeAt(0);
  const start = first === 45 || first === 43 ? 1 : 0;
  let point = -1;
  for (let i = start; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c >= ZERO && c <= NINE) continue;
    if (c === POINT && point === -1) {
      point = i;
      continue;
    }
    if (c !== 101 && c !== 69) return original;
    const plain = toPlainNotation(text, i);
    if (plain === undefined) return original;
    text = plain;
    length = text.length;
    point = text.indexOf('.');
    break;
  }
  const negative = text.charCodeAt(0) === 45;
  const integerEnd = point === -1 ? length : point;
  const fractionStart = point === -1 ? length : point + 1;
  if (integerEnd === start && fractionStart >= length) return original;

  let integerStart = start;
  while (integerStart < integerEnd - 1 && text.charCodeAt(integerStart) === ZERO) integerStart++;
  const integerIsZero =
    integerStart === integerEnd ||
    (integerEnd - integerStart === 1 && text.charCodeAt(integerStart) === ZERO);

  if (!negative && integerIsZero && isTinyFraction(text, fractionStart, length)) return original;

  const places = options.precision ?? defaultPriceDecimals;
  const minPlaces = options.precision ?? 0;
  let integer = integerStart === integerEnd ? '0' : text.slice(integerStart, integerEnd);
  let fraction: string;
  if (length - fractionStart > places && text.charCodeAt(fractionStart + places) >= ZERO + 5) {
    // Round half away from zero: bump the last kept digit that is not a 9; the 9s after it
    // become zeros, which are dropped or padded below like any trailing zeros.
    let last = fractionStart + places - 1;
    while (last >= fractionStart && text.charCodeAt(last) === NINE) last--;
    if (last >= fractionStart) {
      fraction = text.slice(fractionStart, last) + String.fromCharCode(text.charCodeAt(last) + 1);
    } else {
      fraction = '';
      const carried = incrementDigits(integer);
      integer = carried.carry ? `1${carried.digits}` : carried.digits;
    }
  } else {
    fraction = text.slice(fractionStart, Math.min(length, fractionStart + places));
    let end = fraction.length;
    while (end > minPlaces && fraction.charCodeAt(end - 1) === ZERO) end--;
    if (end < fraction.length) fraction = fraction.slice(0, end);
  }
  if (fraction.length < minPlaces) fraction = fraction.padEnd(minPlaces, '0');

  const locale = options.locale ?? 'en';
  if (locale !== lastLocale || !lastSymbols) {
    lastSymbols = symbolsFor(locale);
    lastLocale = locale;
  }
  const symbols = lastSymbols;
  const grouped = group(integer, symbols);
  const body = fraction === '' ? grouped : grouped + symbols.decimal + fraction;
  return negative ? symbols.negativePrefix + body : body;
}

/** Whether the digits after the point are below 0.000001 and not all zero. */
function isTinyFraction(text: string, from: number, to: number): boolean {
  for (let i = from; i < Math.min(to, from + 5); i++) {
    if (text.charCodeAt(i) !== ZERO) return false;
  }
  if (to - from >= 6 && text.charCodeAt(from + 5) !== ZERO) return false;
  for (let i = from + 6; i < to; i++) {
    if (text.charCodeAt(i) !== ZERO) return true;
  }
  return false;
}
