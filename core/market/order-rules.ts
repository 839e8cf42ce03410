// Per-market trading rules and the checks an order must pass before it reaches the book. Prices
// and quantities are integers of the market's smallest units (see units.ts); a quote amount
// (notional, turnover) is price units × quantity units, also an integer. The same functions judge
// an order in the app's preview, at the server's door and in the matching engine, so the three
// cannot disagree.

/** Why an order breaks its market's rules. */
export type OrderRuleReason =
  | 'invalid_price'
  | 'price_off_tick'
  | 'price_too_high'
  | 'invalid_quantity'
  | 'quantity_off_lot'
  | 'quantity_too_large'
  | 'invalid_amount'
  | 'amount_too_large'
  | 'below_min_notional';

export interface MarketRules {
  /** Price step in price units: every price is a multiple of it. */
  tickSize: number;
  /** Quantity step in quantity units: every quantity is a multiple of it. */
  lotSize: number;
  /** Smallest order value (price × quantity) a limit order or a market buy's turnover may have. */
  minNotional: number;
  /** Largest price accepted; with `maxQuantity` it bounds every product below 2^53. */
  maxPrice: number;
  /** Largest quantity accepted. */
  maxQuantity: number;
}

/** Throws on rules that could let arithmetic leave the exact integer range: a setup error. */
export function assertRules(rules: MarketRules): void {
  for (const [name, value] of Object.entries(rules)) {
    if (!Number.isSafeInteger(value) || value < (name === 'minNotional' ? 0 : 1)) {
      throw new Error(`market rule ${name} must be a positive integer, got ${value}`);
    }
  }
  if (rules.maxPrice * rules.maxQuantity > Number.MAX_SAFE_INTEGER) {
    throw new Error('maxPrice × maxQuantity must stay below 2^53 so every quote amount is exact');
  }
}

function isPositiveInteger(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

function checkPrice(rules: MarketRules, price: number): OrderRuleReason | null {
  if (!isPositiveInteger(price)) return 'invalid_price';
  if (price % rules.tickSize !== 0) return 'price_off_tick';
  if (price > rules.maxPrice) return 'price_too_high';
  return null;
}

function checkQuantity(rules: MarketRules, quantity: number): OrderRuleReason | null {
  if (!isPositiveInteger(quantity)) return 'invalid_quantity';
  if (quantity % rules.lotSize !== 0) return 'quantity_off_lot';
  if (quantity > rules.maxQuantity) return 'quantity_too_large';
  return null;
}

export function checkLimitOrder(
  rules: MarketRules,
  price: number,
  quantity: number,
): OrderRuleReason | null {
  const reason = checkPrice(rules, price) ?? checkQuantity(rules, quantity);
  if (reason !== null) return reason;
  // Both factors are bounded by the rules, so the product is exact.
  return price * quantity < rules.minNotional ? 'below_min_notional' : null;
}

/** A market buy spends up to `turnover` quote units. */
export function checkMarketBuy(rules: MarketRules, turnover: number): OrderRuleReason | null {
  if (!isPositiveInteger(turnover)) return 'invalid_amount';
  if (turnover > rules.maxPrice * rules.maxQuantity) return 'amount_too_large';
  return turnover < rules.minNotional ? 'below_min_notional' : null;
}

/**
 * A market sell of `quantity`. Its notional is unknown until it trades, so only the quantity is
 * checked here; the caller may check `quantity × best bid` against the minimum before sending it.
 */
export function checkMarketSell(rules: MarketRules, quantity: number): OrderRuleReason | null {
  return checkQuantity(rules, quantity);
}

/** The largest whole number of lots `budget` buys at `price` (0 when not even one lot). */
export function affordableQuantity(rules: MarketRules, budget: number, price: number): number {
  let units = Math.floor(budget / price);
  // Float division of two large integers can round up across a whole number: step back if so.
  if (units * price > budget) units -= 1;
  return units - (units % rules.lotSize);
}
