// The spot limit form's Total (quote) field, kept in step with price × quantity: the total a price
// and quantity make, and the quantity a typed total buys at the typed price, rounded down to the
// market's lot so the order never costs more than the total typed. Exact, in integer units.
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import { fromUnits, toUnits } from '../market/units.ts';

const plain = /^\d+(\.\d+)?$/;

/** Drops a decimal's trailing zeros (`12.50` → `12.5`, `3.00` → `3`). */
function trimmed(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

/** Units of `scale` for typed text, the finer decimals cut off; null for anything else. */
function unitsDown(text: string, scale: number): bigint | null {
  const value = text.trim();
  if (!plain.test(value)) return null;
  const [whole = '', fraction = ''] = value.split('.');
  return BigInt(whole + fraction.slice(0, scale).padEnd(scale, '0'));
}

/** price × quantity in the quote, exact; empty while either cannot be read. */
export function limitTotal(price: string, quantity: string, rules: SpotMarketRules): string {
  const priceUnits = unitsDown(price, rules.price_scale);
  const quantityUnits = unitsDown(quantity, rules.quantity_scale);
  if (priceUnits === null || quantityUnits === null) return '';
  return trimmed(fromUnits(priceUnits * quantityUnits, rules.price_scale + rules.quantity_scale));
}

/** The quantity `total` buys at `price`, rounded down to the lot; null without a usable price or total. */
export function quantityForTotal(
  total: string,
  price: string,
  rules: SpotMarketRules,
): string | null {
  const { price_scale: ps, quantity_scale: qs } = rules;
  const priceUnits = unitsDown(price, ps);
  const totalUnits = unitsDown(total, ps + qs);
  if (priceUnits === null || priceUnits <= 0n || totalUnits === null) return null;
  const lot = BigInt(Math.max(1, toUnits(rules.lot_size, qs, true) ?? 1));
  const quantity = totalUnits / priceUnits;
  return trimmed(fromUnits(quantity - (quantity % lot), qs));
}
