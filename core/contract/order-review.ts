// The order form's review before sending, with the formulas the server settles with: what the
// order costs (order-cost.ts), the most it could be long and short, the estimated liquidation
// price of the position it leaves (margin.ts, backed by its own initial margin when isolated and
// by the contract wallet when cross), and the first problem in screen order. A market order is
// priced through the perpetual's own book when it is known, else at the mark. Quantities base atoms, prices quote atoms, amounts USDT atoms.
import type { ContractMarket } from '../../schemas/api/contract.schema.ts';
import { ppmOf } from '../market/decimal-atoms.ts';
import { bandOf, outsideBand } from '../market/price-band.ts';
import { parseAmount } from '../money.ts';
import { type Bracket, bracketFor } from './brackets.ts';
import { crossBacking, type MarketMarks } from './cross-backing.ts';
import type { HeldPosition } from './held-position.ts';
import { type Direction, initialMargin, liquidationPrice, notional } from './margin.ts';
import { orderCost } from './order-cost.ts';
import {
  type ContractOrderForm,
  type ContractProblem,
  type ContractTerms,
  contractTerms,
  isContractProblem,
  stepsOf,
  typedAtoms,
} from './order-form.ts';
import {
  closePart,
  entryPrice,
  type PositionAmounts,
  withOpened,
  withoutPart,
} from './position-book.ts';
import { smaller } from './rounding.ts';
import { limitEntry, tpSlProblem } from './tpsl.ts';

/** A book level: price and quantity in atoms. */
export type BookLevel = readonly [price: bigint, quantity: bigint];

export interface ReviewContext {
  market: ContractMarket;
  brackets: readonly Bracket[];
  /** The market's latest mark; null until the first. */
  mark: bigint | null;
  /** The contract wallet's available USDT and its total (available + frozen); null signed out. */
  available: bigint | null;
  walletTotal: bigint | null;
  /** Every open position of the user, in every market. */
  positions: readonly HeldPosition[];
  marks: MarketMarks;
  /** The perpetual's own book, best level first on each side; null when not known or resyncing. */
  book: { bids: readonly BookLevel[]; asks: readonly BookLevel[] } | null;
}

/** Where the position after the order is liquidated: a price, none (it cannot be), or unknown. */
export type LiquidationEstimate = { price: bigint } | 'none' | null;

export interface OrderReview {
  problem: ContractProblem | null;
  /** The price the order is reckoned at; null while it cannot be priced. */
  price: bigint | null;
  /** What opening takes from the wallet: initial margin, open loss and the taker fee at most. */
  cost: bigint | null;
  /** The largest quantity of each direction the available balance and the brackets allow. */
  maxLong: bigint | null;
  maxShort: bigint | null;
  liquidation: LiquidationEstimate;
}

const emptyReview: OrderReview = {
  problem: null,
  price: null,
  cost: null,
  maxLong: null,
  maxShort: null,
  liquidation: null,
};

/** The prices a market order of `quantity` reaches on one side: its worst and its average. */
export function walkBook(
  levels: readonly BookLevel[],
  quantity: bigint,
): { worst: bigint; average: bigint } | null {
  const first = levels[0];
  if (!first || quantity <= 0n) return null;
  let left = quantity;
  let value = 0n;
  let worst = first[0];
  for (const [price, size] of levels) {
    worst = price;
    const taken = smaller(size, left);
    value += taken * price;
    left -= taken;
    if (left === 0n) break;
  }
  // What the book shown cannot hold is reckoned at its last level.
  value += left * worst;
  return { worst, average: value / quantity };
}

/** The price of an order: its limit, or where a market order would trade; null when unknown. */
function orderPrices(
  direction: Direction,
  limit: bigint | null,
  quantity: bigint,
  context: ReviewContext,
): { hold: bigint; entry: bigint } | null {
  const side = direction === 'long' ? context.book?.asks : context.book?.bids;
  // A limit that crosses the book trades at the best opposite price, as the server reckons it.
  if (limit !== null) {
    return { hold: limit, entry: limitEntry(direction, limit, side?.[0]?.[0] ?? null) };
  }
  const walked = side ? walkBook(side, quantity) : null;
  if (walked) return { hold: walked.worst, entry: walked.average };
  return context.mark === null ? null : { hold: context.mark, entry: context.mark };
}

const ownPosition = (context: ReviewContext) =>
  context.positions.find((position) => position.symbol === context.market.symbol) ?? null;

/** The position after an order of `quantity` at `price` fills (one-way mode), or null if none. */
export function positionAfter(
  held: HeldPosition | null,
  direction: Direction,
  quantity: bigint,
  price: bigint,
  leverage: number,
): PositionAmounts | null {
  const opened = (q: bigint): PositionAmounts => ({
    direction,
    quantity: q,
    cost: notional(q, price),
    margin: initialMargin(q, price, leverage),
  });
  if (!held) return opened(quantity);
  const amounts: PositionAmounts = {
    direction: held.direction,
    quantity: held.quantity,
    cost: notional(held.quantity, held.entryPrice),
    margin: held.margin,
  };
  if (held.direction === direction) {
    return withOpened(amounts, quantity, price, initialMargin(quantity, price, leverage));
  }
  if (quantity < held.quantity) return withoutPart(amounts, closePart(amounts, quantity, price));
  return quantity === held.quantity ? null : opened(quantity - held.quantity);
}

function estimateLiquidation(
  form: ContractOrderForm,
  terms: ContractTerms,
  entry: bigint,
  fee: bigint,
  context: ReviewContext,
): LiquidationEstimate {
  const after = positionAfter(
    ownPosition(context),
    terms.direction,
    terms.quantity,
    entry,
    terms.leverage,
  );
  if (!after) return 'none';
  let backing = after.margin;
  if (form.marginMode === 'cross') {
    if (context.walletTotal === null) return null;
    // The fee leaves the wallet when the order fills.
    backing = crossBacking(
      context.walletTotal - fee,
      context.positions,
      context.market.symbol,
      context.marks,
    );
  }
  const position = {
    direction: after.direction,
    quantity: after.quantity,
    entryPrice: entryPrice(after),
  };
  const price = liquidationPrice(context.brackets, position, backing);
  return price === null ? 'none' : { price };
}

/** The largest whole number of lots for which `fits` holds (it must hold less as lots grow). */
function largestLots(fits: (quantity: bigint) => boolean, lot: bigint): bigint {
  if (lot <= 0n || !fits(lot)) return 0n;
  let low = 1n;
  let high = 2n;
  while (fits(high * lot)) {
    low = high;
    high *= 2n;
  }
  while (high - low > 1n) {
    const middle = (low + high) / 2n;
    if (fits(middle * lot)) low = middle;
    else high = middle;
  }
  return low * lot;
}

/** The leverage a position of `size` at `price` may have: its bracket's, within the market's. */
function leverageAllowed(context: ReviewContext, size: bigint, price: bigint): number {
  const bracket = bracketFor(context.brackets, notional(size, price));
  return Math.min(bracket.maxLeverage, context.market.max_leverage);
}

function sameSideHeld(context: ReviewContext, direction: Direction): bigint {
  const held = ownPosition(context);
  return held?.direction === direction ? held.quantity : 0n;
}

/** The most leverage the position after an order of `quantity` at `price` may have. */
export function leverageLimit(
  context: ReviewContext,
  direction: Direction,
  quantity: bigint,
  price: bigint,
): number {
  return leverageAllowed(context, sameSideHeld(context, direction) + quantity, price);
}

function maxFor(
  direction: Direction,
  form: ContractOrderForm,
  limit: bigint | null,
  feePpm: number,
  context: ReviewContext,
): bigint | null {
  const { available } = context;
  if (available === null) return null;
  const mark = context.mark;
  if (orderPrices(direction, limit, 1n, context) === null) return null;
  const held = sameSideHeld(context, direction);
  const fits = (quantity: bigint) => {
    const prices = orderPrices(direction, limit, quantity, context);
    if (!prices) return false;
    const terms = { direction, quantity, price: prices.hold, leverage: form.leverage };
    if (orderCost(terms, mark ?? prices.hold, feePpm).total > available) return false;
    return leverageAllowed(context, held + quantity, prices.hold) >= form.leverage;
  };
  return largestLots(fits, stepsOf(context.market).lot);
}

/** The form reviewed: its first problem, its cost, the maxima and the liquidation estimate. */
export function reviewContractOrder(form: ContractOrderForm, context: ReviewContext): OrderReview {
  const feePpm = ppmOf(context.market.taker_fee) ?? 0;
  // The maxima need only the price: they guide the quantity still being typed. A limit order
  // whose price is not typed yet is reckoned at the mark, as the large exchanges' forms do.
  const typed = typedAtoms(form.price, context.market.price_scale, stepsOf(context.market).tick);
  const limit = form.type === 'market' ? null : typeof typed === 'bigint' ? typed : context.mark;
  const priced = form.type === 'market' || limit !== null;
  const maxima = {
    maxLong: priced ? maxFor('long', form, limit, feePpm, context) : null,
    maxShort: priced ? maxFor('short', form, limit, feePpm, context) : null,
  };
  const terms = contractTerms(form, context.market);
  if (isContractProblem(terms)) return { ...emptyReview, ...maxima, problem: terms };
  const prices = orderPrices(terms.direction, terms.price, terms.quantity, context);
  // Without a price the server alone can judge (it refuses while the index is stale).
  if (!prices) return { ...emptyReview, ...maxima };
  const cost = orderCost(
    {
      direction: terms.direction,
      quantity: terms.quantity,
      price: prices.hold,
      leverage: terms.leverage,
    },
    context.mark ?? prices.hold,
    feePpm,
  );
  const liquidation = estimateLiquidation(form, terms, prices.entry, cost.fee, context);
  const review = { ...maxima, price: prices.hold, cost: cost.total, liquidation };
  return { ...review, problem: moneyProblem(terms, prices, cost.total, liquidation, context) };
}

/** A limit price outside the market's band around the mark, with the range it must lie in. */
function bandProblem(terms: ContractTerms, context: ReviewContext): ContractProblem | null {
  const { market, mark } = context;
  if (terms.price === null || mark === null) return null;
  const side = terms.direction === 'long' ? 'buy' : 'sell';
  const bounds = { tick: stepsOf(market).tick, maxPrice: parseAmount(market.max_price) ?? 0n };
  const range = outsideBand(bandOf(market.price_band), side, terms.price, mark, bounds);
  return range === null ? null : { field: 'price', rule: 'outsideBand', range };
}

/** The checks that need the order priced, in screen order. */
function moneyProblem(
  terms: ContractTerms,
  prices: { hold: bigint; entry: bigint },
  cost: bigint,
  liquidation: LiquidationEstimate,
  context: ReviewContext,
): ContractProblem | null {
  const outside = bandProblem(terms, context);
  if (outside) return outside;
  const price = prices.hold;
  const minimum = parseAmount(context.market.min_notional) ?? 0n;
  if (notional(terms.quantity, price) < minimum) return { field: 'quantity', rule: 'belowMinimum' };
  const allowed = leverageLimit(context, terms.direction, terms.quantity, price);
  if (terms.leverage < 1 || terms.leverage > allowed) {
    return { field: 'leverage', rule: 'leverageTooHigh' };
  }
  const liquidationAt = liquidation !== null && liquidation !== 'none' ? liquidation.price : null;
  // The rule the server applies at open and on a held position (core/contract/tpsl.ts).
  const ground = {
    direction: terms.direction,
    entry: prices.entry,
    mark: context.mark,
    liquidation: liquidationAt,
  };
  const side = tpSlProblem(ground, terms.tp, terms.sl);
  if (side === 'take_profit_invalid') return { field: 'tp', rule: 'takeProfitSide' };
  if (side === 'stop_loss_invalid') return { field: 'sl', rule: 'stopLossSide' };
  if (context.available !== null && cost > context.available) {
    return { field: 'quantity', rule: 'insufficient' };
  }
  return null;
}
