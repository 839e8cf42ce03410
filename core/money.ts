// Amounts of money as exact integers of 10^-8 of an asset ("atoms"), BigInt so no sum of them can
// lose precision, converted exactly to and from the decimal strings of the wire.

/** Decimals every amount is kept at; an amount with more is refused, never rounded. */
export const amountScale = 8;
const unit = 10n ** BigInt(amountScale);

/** `"12.5"` → 1_250_000_000n; null for anything but a plain non-negative decimal of ≤ 8 places. */
export function parseAmount(text: string): bigint | null {
  const match = /^(\d{1,30})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return BigInt(whole) * unit + BigInt(fraction.padEnd(amountScale, '0'));
}

/** 1_250_000_000n → `"12.50000000"`: always eight decimals, as the database writes them. */
export function formatAmount(atoms: bigint): string {
  const negative = atoms < 0n;
  const digits = (negative ? -atoms : atoms).toString().padStart(amountScale + 1, '0');
  const cut = digits.length - amountScale;
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** The same amount without trailing zeros, as a user reads it (`"12.5"`). */
export function displayAmount(atoms: bigint): string {
  return formatAmount(atoms).replace(/\.?0+$/, '');
}
