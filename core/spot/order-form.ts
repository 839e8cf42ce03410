// The spot order form's rules (docs/product.md §12) as the client applies them before sending:
// required fields, the market's steps and bounds, the limit price against the current price, the
// minimum value and the available balance. Everything is exact (integer units and bigint atoms);
// the server checks again and its answer is the truth.
import type { SpotMarketRules } from '../../schemas/api/spot.schema.ts';
import { type MarketScales, type OrderTerms, orderReservation } from '../market/order-math.ts';
import {
  checkLimitOrder,
  checkMarketBuy,
  checkMarketSell,
  type MarketRules,
  type OrderRuleReason,
} from '../market/order-rules.ts';
import { bandOf, outsideBand } from '../market/price-band.ts';
import { toUnits } from '../market/units.ts';
import { parseAmount } from '../money.ts';

export type SpotSide = 'buy' | 'sell';
export type SpotType = 'limit' | 'market';

/** What the user typed, as typed. */
export interface SpotOrderForm {
  side: SpotSide;
  type: SpotType;
  price: string;
  quantity: string;
  turnover: string;
}

export type OrderField = 'price' | 'quantity' | 'turnover';

export type OrderRule =
  | 'required'
  | 'invalid'
  /** More decimals than the market's prices or quantities have. */
  | 'offStep'
  /** Not a whole number of the market's ticks or lots. */
  | 'offTick'
  | 'tooLarge'
  /** docs/product.md §12: a limit buy price cannot exceed the current price. */
  | 'aboveCurrent'
  /** docs/product.md §12: a limit sell price cannot be lower than the current price. */
  | 'belowCurrent'
  | 'belowMinimum'
  /** docs/product.md §12: the available amount must suffice. */
  | 'insufficient'
  /** A limit price outside the market's band around the index (docs/spot.md § Price band). */
  | 'outsideBand';

export interface OrderProblem {
  field: OrderField;
  rule: OrderRule;
  /** For `outsideBand`: the prices taken now, in price units. */
  range?: { min: number; max: number };
}

/** What the checks need besides the form; `null` where it is not known yet (the server judges). */
export interface OrderContext {
  rules: SpotMarketRules;
  /** The ticker's last price, an exact decimal. */
  last: string | null;
  /** Available balance of the asset the order pays with (quote for a buy, base for a sell). */
  available: string | null;
  /** The index price, an exact decimal: what a limit price is banded around. */
  index?: string | null;
}

export const emptySpotForm: SpotOrderForm = {
  side: 'buy',
  type: 'limit',
  price: '',
  quantity: '',
  turnover: '',
};

export function scalesOf(rules: SpotMarketRules): MarketScales {
  return { priceScale: rules.price_scale, quantityScale: rules.quantity_scale };
}

/** The engine's rules of a market, in units, from the exact decimals `/spot/markets` publishes. */
export function engineRules(rules: SpotMarketRules): MarketRules {
  const { price_scale: ps, quantity_scale: qs } = rules;
  const units = (value: string, scale: number) => toUnits(value, scale, true) ?? 0;
  return {
    tickSize: units(rules.tick_size, ps),
    lotSize: units(rules.lot_size, qs),
    minNotional: units(rules.min_notional, ps + qs),
    maxPrice: units(rules.max_price, ps),
    maxQuantity: units(rules.max_quantity, qs),
  };
}

/**
 * An order's terms against its market's rules (ticks, lots, bounds, minimum value): the checks the
 * server and the matching engine apply, here for the preview too.
 */
export function ruleBreak(rules: MarketRules, terms: OrderTerms): OrderRuleReason | null {
  if (terms.type === 'limit') return checkLimitOrder(rules, terms.price, terms.quantity);
  return 'turnover' in terms
    ? checkMarketBuy(rules, terms.turnover)
    : checkMarketSell(rules, terms.quantity);
}

/** A broken rule as the form shows it: on its field. */
function ruleProblem(reason: OrderRuleReason, terms: OrderTerms): OrderProblem {
  switch (reason) {
    case 'invalid_price':
      return { field: 'price', rule: 'invalid' };
    case 'price_off_tick':
      return { field: 'price', rule: 'offTick' };
    case 'price_too_high':
      return { field: 'price', rule: 'tooLarge' };
    case 'invalid_quantity':
      return { field: 'quantity', rule: 'invalid' };
    case 'quantity_off_lot':
      return { field: 'quantity', rule: 'offTick' };
    case 'quantity_too_large':
      return { field: 'quantity', rule: 'tooLarge' };
    case 'invalid_amount':
      return { field: 'turnover', rule: 'invalid' };
    case 'amount_too_large':
      return { field: 'turnover', rule: 'tooLarge' };
    case 'below_min_notional':
      return { field: amountField(terms), rule: 'belowMinimum' };
  }
}

/** The fields an order of this side and type needs, in screen order. */
export function requiredFields(form: Pick<SpotOrderForm, 'side' | 'type'>): OrderField[] {
  if (form.type === 'limit') return ['price', 'quantity'];
  return form.side === 'buy' ? ['turnover'] : ['quantity'];
}

const plainDecimal = /^\d{1,20}(\.\d{1,18})?$/;

/** Units of `scale` for a typed value, or the rule it breaks. */
export function typedUnits(text: string, scale: number, max: string): number | OrderRule {
  const value = text.trim();
  if (value === '') return 'required';
  if (!plainDecimal.test(value) || !/[1-9]/.test(value)) return 'invalid';
  const fraction = value.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (fraction.length > scale) return 'offStep';
  const units = toUnits(value, scale, true);
  const maxUnits = toUnits(max, scale, true);
  if (units === null || (maxUnits !== null && units > maxUnits)) return 'tooLarge';
  return units;
}

/** The order in market units, or the first problem in screen order. */
export function orderTerms(form: SpotOrderForm, rules: SpotMarketRules): OrderTerms | OrderProblem {
  const { price_scale: ps, quantity_scale: qs } = rules;
  const values: Partial<Record<OrderField, number>> = {};
  for (const field of requiredFields(form)) {
    const units =
      field === 'price'
        ? typedUnits(form.price, ps, rules.max_price)
        : field === 'quantity'
          ? typedUnits(form.quantity, qs, rules.max_quantity)
          : typedUnits(form.turnover, ps + qs, maxTurnover(rules));
    if (typeof units === 'string') return { field, rule: units };
    values[field] = units;
  }
  const { price = 0, quantity = 0, turnover = 0 } = values;
  if (form.type === 'limit') return { type: 'limit', side: form.side, price, quantity };
  return form.side === 'buy'
    ? { type: 'market', side: 'buy', turnover }
    : { type: 'market', side: 'sell', quantity };
}

/** The largest turnover the server takes: max price × max quantity, at price + quantity decimals. */
export function maxTurnover(rules: SpotMarketRules): string {
  const price = BigInt(toUnits(rules.max_price, rules.price_scale, true) ?? 0);
  const quantity = BigInt(toUnits(rules.max_quantity, rules.quantity_scale, true) ?? 0);
  const units = (price * quantity)
    .toString()
    .padStart(rules.price_scale + rules.quantity_scale + 1, '0');
  const cut = units.length - rules.price_scale - rules.quantity_scale;
  return `${units.slice(0, cut)}.${units.slice(cut)}`.replace(/\.$/, '');
}

export function isProblem(value: OrderTerms | OrderProblem): value is OrderProblem {
  return 'rule' in value;
}

/**
 * The first problem of the form, in screen order, or null when it may be sent: the typed values,
 * he market's rules (the server's own checks), the current price (docs/product.md §12), the price
 * band
 * around the index, the minimum value (a market sell's at the current price), the balance.
 */
export function checkSpotOrder(form: SpotOrderForm, context: OrderContext): OrderProblem | null {
  const { rules } = context;
  const terms = orderTerms(form, rules);
  if (isProblem(terms)) return terms;
  const market = engineRules(rules);
  const broken = ruleBreak(market, terms);
  if (broken !== null && broken !== 'below_min_notional') return ruleProblem(broken, terms);
  const scales = scalesOf(rules);
  const last = context.last === null ? null : toUnits(context.last, rules.price_scale, true);
  if (terms.type === 'limit' && last !== null && last > 0) {
    if (terms.side === 'buy' && terms.price > last) return { field: 'price', rule: 'aboveCurrent' };
    if (terms.side === 'sell' && terms.price < last)
      return { field: 'price', rule: 'belowCurrent' };
  }
  const outside = bandProblem(terms, rules, context.index ?? null);
  if (outside) return outside;
  if (broken !== null) return ruleProblem(broken, terms);
  const notional = notionalUnits(terms, last);
  if (notional !== null && notional < BigInt(market.minNotional)) {
    return { field: amountField(terms), rule: 'belowMinimum' };
  }
  if (context.available !== null) {
    const available = parseAmount(context.available) ?? 0n;
    if (orderReservation(terms, scales) > available) {
      return { field: amountField(terms), rule: 'insufficient' };
    }
  }
  return null;
}

/** A limit price outside the band around the index, as the server's batch judges it. */
function bandProblem(
  terms: OrderTerms,
  rules: SpotMarketRules,
  index: string | null,
): OrderProblem | null {
  const reference = index === null ? null : toUnits(index, rules.price_scale, true);
  if (terms.type !== 'limit' || reference === null) return null;
  const market = engineRules(rules);
  const range = outsideBand(
    bandOf(rules.price_band),
    terms.side,
    BigInt(terms.price),
    BigInt(reference),
    {
      tick: BigInt(market.tickSize),
      maxPrice: BigInt(market.maxPrice),
    },
  );
  if (range === null) return null;
  return {
    field: 'price',
    rule: 'outsideBand',
    range: { min: Number(range.min), max: Number(range.max) },
  };
}

/** The field that carries an order's amount: the turnover of a market buy, else the quantity. */
export function amountField(terms: Pick<SpotOrderForm, 'side' | 'type'>): OrderField {
  return terms.type === 'market' && terms.side === 'buy' ? 'turnover' : 'quantity';
}

/**
 * A market sell's value in price × quantity units at the current price (its real value is known
 * only once it trades); null for other orders (the rules judged them) or when that price is unknown.
 */
function notionalUnits(terms: OrderTerms, last: number | null): bigint | null {
  if (terms.type === 'limit' || 'turnover' in terms || last === null) return null;
  return BigInt(terms.quantity) * BigInt(last);
}
