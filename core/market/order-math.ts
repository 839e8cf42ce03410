// The money of an order on a market in one place, for the servers that settle it and the worker
// that previews it: engine units to ledger atoms, what an order freezes, fee rates as typed, and
// the fee on a fill. Every product that trades on a book (and any that charges a fee rate) reads it.
import { amountScale } from '../money.ts';

/** A market's decimals: a price unit is 10^-priceScale, a quantity unit 10^-quantityScale. */
export interface MarketScales {
  priceScale: number;
  quantityScale: number;
}

const ppmUnit = 1_000_000n;

/** Whether a quote amount (price units × quantity units) is a whole number of ledger atoms. */
export function fitsLedger({ priceScale, quantityScale }: MarketScales): boolean {
  return priceScale + quantityScale <= amountScale;
}

/** A quantity in quantity units as base-asset atoms (10^-8). */
export function baseAtoms(quantity: number, { quantityScale }: MarketScales): bigint {
  return BigInt(quantity) * 10n ** BigInt(amountScale - quantityScale);
}

/** A quote amount in price units × quantity units as quote-asset atoms. */
export function quoteAtoms(quote: number, { priceScale, quantityScale }: MarketScales): bigint {
  return BigInt(quote) * 10n ** BigInt(amountScale - priceScale - quantityScale);
}

/** `"0.001"` → 1000 parts per million; null when it is not a fraction in [0, 1) of ≤ 6 decimals. */
export function feeRatePpm(rate: string): number | null {
  const match = /^0(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) return null;
  return Number((match[1] ?? '').padEnd(6, '0'));
}

/**
 * The fee on what a fill gives its order (base for a buyer, quote for a seller), rounded up to a
 * whole atom: the exchange never charges less than its published rate, and at most one atom more.
 */
export function feeOn(receivedAtoms: bigint, ratePpm: number): bigint {
  return (receivedAtoms * BigInt(ratePpm) + ppmUnit - 1n) / ppmUnit;
}

/** An order's terms in units: a limit order's price and quantity, a market buy's turnover, a market sell's quantity. */
export type OrderTerms =
  | { type: 'limit'; side: 'buy' | 'sell'; price: number; quantity: number }
  | { type: 'market'; side: 'buy'; turnover: number }
  | { type: 'market'; side: 'sell'; quantity: number };

/** What an order freezes, in atoms of the asset it pays with (quote for a buy, base for a sell). */
export function orderReservation(order: OrderTerms, scales: MarketScales): bigint {
  if (order.type === 'limit') {
    return order.side === 'buy'
      ? quoteAtoms(order.price * order.quantity, scales)
      : baseAtoms(order.quantity, scales);
  }
  return 'turnover' in order
    ? quoteAtoms(order.turnover, scales)
    : baseAtoms(order.quantity, scales);
}
