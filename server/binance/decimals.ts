// Decimals as Binance writes them on every product's door (docs/api-binance.md): eight places.

/** Places Binance writes its decimals with. */
const binancePlaces = 8;

/**
 * A decimal string as Binance writes one: eight places (`0.01` → `0.01000000`; none → `0.00000000`).
 * The ledger keeps at most eight, so no digit is lost; a longer fraction (a product of two scales)
 * keeps its own.
 */
export function binanceDecimal(decimal: string | null): string {
  const [whole = '0', fraction = ''] = (decimal ?? '0').split('.');
  const kept = fraction.length > binancePlaces ? fraction.replace(/0+$/, '') : fraction;
  return `${whole}.${kept.padEnd(binancePlaces, '0')}`;
}
