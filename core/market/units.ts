// Prices and quantities as integers of their market's smallest unit (ticks and lots), converted
// exactly to and from decimal strings. No floating point touches a value on the way.

/** Largest integer a unit count may reach and still be exact in a JS number. */
const maxUnits = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * `"123.45"` at scale 2 → 12345. Answers null for text that is not a plain decimal, has more
 * decimals than the scale allows (unless `round` is set: then half away from zero), or is too large.
 */
export function toUnits(decimal: string, scale: number, round = false): number | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal);
  if (!match) return null;
  const [, sign, integer = '', fraction = ''] = match;
  let kept = fraction.slice(0, scale);
  const dropped = fraction.slice(scale);
  if (/[1-9]/.test(dropped) && !round) return null;
  kept = kept.padEnd(scale, '0');
  let units = BigInt(integer + kept);
  if (dropped !== '' && dropped.charCodeAt(0) >= 53) units += 1n;
  if (units > maxUnits) return null;
  const value = Number(units);
  return sign === '-' && value !== 0 ? -value : value;
}

/** 12345 at scale 2 → `"123.45"`; always exactly `scale` decimals. */
export function fromUnits(units: number | bigint, scale: number): string {
  const negative = units < 0;
  const digits = (negative ? -BigInt(units) : BigInt(units)).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  const text = scale === 0 ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
  return negative ? `-${text}` : text;
}

/** `part / whole × 100` as a decimal string with `decimals` places, rounded half away from zero. */
export function percentOf(part: bigint, whole: bigint, decimals = 2): string {
  if (whole === 0n) return fromUnits(0n, decimals);
  const scaled = part * 100n * 10n ** BigInt(decimals) * 2n;
  let quotient = scaled / whole;
  // Round half away from zero on the doubled quotient.
  quotient = quotient >= 0n ? (quotient + 1n) / 2n : (quotient - 1n) / 2n;
  return fromUnits(quotient, decimals);
}

/** Compares two plain decimal strings numerically, exactly: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const negA = a.startsWith('-');
  const negB = b.startsWith('-');
  const absA = negA ? a.slice(1) : a;
  const absB = negB ? b.slice(1) : b;
  if (negA !== negB) return isZero(absA) && isZero(absB) ? 0 : negA ? -1 : 1;
  const magnitude = compareMagnitudes(absA, absB);
  // Equal negatives are 0, not the -0 a negated 0 would be.
  if (magnitude === 0 || !negA) return magnitude;
  return magnitude === 1 ? -1 : 1;
}

const isZero = (digits: string) => /^0*(\.0*)?$/.test(digits);

function compareMagnitudes(a: string, b: string): -1 | 0 | 1 {
  const [intA = '', fracA = ''] = a.split('.');
  const [intB = '', fracB = ''] = b.split('.');
  const wholeA = intA.replace(/^0+(?=\d)/, '');
  const wholeB = intB.replace(/^0+(?=\d)/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  const width = Math.max(fracA.length, fracB.length);
  const left = wholeA + fracA.padEnd(width, '0');
  const right = wholeB + fracB.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
}
