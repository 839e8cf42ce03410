// What an order would cost before it is sent: the fee it pays at most (the same order math the
// server settles with, core/market/order-math.ts) and the amounts of the 25/50/75/100 %
// shortcuts. A market order's outcome depends on the book, so its preview takes the current
// price as its estimate.
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import { baseAtoms, feeOn, feeRatePpm, quoteAtoms } from '../market/order-math.ts';
import { fromUnits, toUnits } from '../market/units.ts';
import { amountScale, displayAmount, parseAmount } from '../money.ts';
import { isProblem, maxTurnover, orderTerms, type SpotOrderForm, scalesOf } from './order-form.ts';

export interface FeePreview {
  /** Exact decimal, trailing zeros dropped. */
  fee: string;
  /** The asset the order receives, which the fee is charged in. */
  asset: string;
}

/**
 * The highest fee the order can pay: whether it fills as maker or taker is only known when it
 * trades, so the larger rate is shown. Null while the form has a problem (or a market order's
 * price is unknown).
 */
export function previewFee(
  form: SpotOrderForm,
  rules: SpotMarketRules,
  last: string | null,
): FeePreview | null {
  const terms = orderTerms(form, rules);
  if (isProblem(terms)) return null;
  const scales = scalesOf(rules);
  const ppm = Math.max(feeRatePpm(rules.maker_fee) ?? 0, feeRatePpm(rules.taker_fee) ?? 0);
  const lastUnits = last === null ? null : toUnits(last, rules.price_scale, true);
  let received: bigint;
  if (terms.type === 'limit') {
    received =
      terms.side === 'buy'
        ? baseAtoms(terms.quantity, scales)
        : quoteAtoms(terms.price * terms.quantity, scales);
  } else {
    if (lastUnits === null || lastUnits <= 0) return null;
    received =
      'turnover' in terms
        ? baseAtoms(Number(BigInt(terms.turnover) / BigInt(lastUnits)), scales)
        : quoteAtoms(terms.quantity * lastUnits, scales);
  }
  return {
    fee: displayAmount(feeOn(received, ppm)),
    asset: terms.side === 'buy' ? rules.base : rules.quote,
  };
}

export const shortcutPercents = [25, 50, 75, 100] as const;
export type ShortcutPercent = (typeof shortcutPercents)[number];

/**
 * The amount a shortcut puts in the form, as an exact decimal rounded down to the market's step
 * and lot (a shortcut never asks for more than is available, nor more than the market's largest
 * order):
 * a limit buy's quantity at the typed price,
 * a market buy's turnover, a sell's quantity. Null when it cannot be worked out (no price typed,
 * balance unknown).
 */
export function shortcutAmount(
  form: Pick<SpotOrderForm, 'side' | 'type' | 'price'>,
  rules: SpotMarketRules,
  available: string | null,
  percent: ShortcutPercent,
): string | null {
  const atoms = available === null ? null : parseAmount(available);
  if (atoms === null) return null;
  const share = (atoms * BigInt(percent)) / 100n;
  const { price_scale: ps, quantity_scale: qs } = rules;
  // Never beyond the market's largest order, which the server would refuse; whole lots only.
  const maxQuantity = BigInt(toUnits(rules.max_quantity, qs, true) ?? 0);
  const lot = BigInt(Math.max(1, toUnits(rules.lot_size, qs, true) ?? 1));
  const quantity = (units: bigint) => {
    const most = units < maxQuantity ? units : maxQuantity;
    return trim(fromUnits(most - (most % lot), qs));
  };
  if (form.side === 'sell') return quantity(share / 10n ** BigInt(amountScale - qs));
  // Quote atoms to price × quantity units, rounded down (finer atoms buy nothing).
  const quoteUnits = share / 10n ** BigInt(amountScale - ps - qs);
  if (form.type === 'market') {
    const most = BigInt(toUnits(maxTurnover(rules), ps + qs, true) ?? 0);
    return trim(fromUnits(quoteUnits < most ? quoteUnits : most, ps + qs));
  }
  const price = toUnits(form.price.trim(), ps);
  if (price === null || price <= 0) return null;
  return quantity(quoteUnits / BigInt(price));
}

function trim(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}
