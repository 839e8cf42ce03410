// The order form reviewed in the worker, against what it has folded: the market's rules and
// brackets, its mark, the contract wallet, every open position, and the perpetual's own book (what
// a market order is reckoned to trade through). The figures come from core/contract's formulas and
// leave here formatted.

import type { ContractOrderForm } from '../../core/contract/order-form.ts';
import { stepsOf, typedAtoms } from '../../core/contract/order-form.ts';
import {
  type BookLevel,
  leverageLimit,
  type ReviewContext,
  reviewContractOrder,
} from '../../core/contract/order-review.ts';
import { quoteAsset, withUnit } from '../../core/figures.ts';
import { priceAtScale, signedAtoms } from '../../core/market/decimal-atoms.ts';
import { displayAmount } from '../../core/money.ts';
import type { BookState } from '../../core/projections/books.ts';
import type { ClientView } from '../../core/projections/client-view.ts';
import { amount, price, quantity } from './format.ts';
import { contractMarketPreview } from './market-walk.ts';
import { bracketsOf, contractWalletAtoms, heldPositions, marketMarks } from './rows.ts';
import type { ContractFormProblem, ContractReview } from './types.ts';

/** Book levels a market order is reckoned through: far more than one order of a form takes. */
const bookLevels = 50;

function levels(side: ReadonlyMap<string, string>, ascending: boolean): BookLevel[] {
  const parsed: BookLevel[] = [];
  for (const [level, size] of side) {
    const levelAtoms = signedAtoms(level);
    const sizeAtoms = signedAtoms(size);
    if (levelAtoms !== null && sizeAtoms !== null && sizeAtoms > 0n) {
      parsed.push([levelAtoms, sizeAtoms]);
    }
  }
  parsed.sort((a, b) => (a[0] === b[0] ? 0 : a[0] < b[0] === ascending ? -1 : 1));
  return parsed.slice(0, bookLevels);
}

function bookOf(book: BookState | undefined): ReviewContext['book'] {
  if (!book || book.gap) return null;
  return { bids: levels(book.bids, false), asks: levels(book.asks, true) };
}

/** The review's context, or null until the market's rules and brackets are known. */
export function reviewContext(view: ClientView, symbol: string): ReviewContext | null {
  const { contract } = view;
  const market = contract.markets[symbol];
  const brackets = bracketsOf(market);
  if (!market || !brackets) return null;
  const mark = contract.marks[symbol]?.mark;
  const wallet = contractWalletAtoms(view.balances);
  return {
    market,
    brackets,
    mark: mark ? signedAtoms(mark) : null,
    available: wallet?.available ?? null,
    walletTotal: wallet?.total ?? null,
    positions: heldPositions(contract),
    marks: marketMarks(contract),
    book: bookOf(view.contractBooks[symbol]),
  };
}

const atomsShown = (atoms: bigint | null, market: { quantity_scale: number }, locale: string) =>
  atoms === null ? null : quantity(displayAmount(atoms), market, locale);

export const emptyContractReview: ContractReview = {
  problem: null,
  cost: null,
  maxLong: null,
  maxShort: null,
  maxLongExact: null,
  maxShortExact: null,
  liquidation: null,
  market: null,
};

export function formattedReview(
  form: ContractOrderForm,
  context: ReviewContext,
  locale: string,
): ContractReview {
  const review = reviewContractOrder(form, context);
  const { market } = context;
  const scale = market.price_scale;
  const liquidation =
    review.liquidation === null || review.liquidation === 'none'
      ? null
      : price(priceAtScale(review.liquidation.price, scale), scale, locale);
  let problem: ContractFormProblem | null = null;
  if (review.problem) {
    const { field, rule, range } = review.problem;
    const quantityField = field === 'quantity';
    const bound = (atoms: bigint) => price(priceAtScale(atoms, scale), scale, locale);
    problem = {
      field,
      rule,
      params: {
        ...(range && { min: bound(range.min), max: bound(range.max) }),
        minimum: withUnit(amount(market.min_notional, locale), quoteAsset, locale),
        decimals: quantityField ? market.quantity_scale : scale,
        step: quantityField
          ? quantity(market.lot_size, market, locale)
          : price(market.tick_size, scale, locale),
        leverage: allowedLeverage(form, context),
      },
    };
  }
  return {
    problem,
    cost: review.cost === null ? null : amount(displayAmount(review.cost), locale),
    maxLong: atomsShown(review.maxLong, market, locale),
    maxShort: atomsShown(review.maxShort, market, locale),
    maxLongExact: review.maxLong === null ? null : displayAmount(review.maxLong),
    maxShortExact: review.maxShort === null ? null : displayAmount(review.maxShort),
    liquidation,
    market: contractMarketPreview(form, context, locale),
  };
}

/** The leverage the message of a too-high leverage names: what the order's size allows. */
function allowedLeverage(form: ContractOrderForm, context: ReviewContext): number {
  const { tick, lot } = stepsOf(context.market);
  const quantity = typedAtoms(form.quantity, context.market.quantity_scale, lot);
  const limit = typedAtoms(form.price, context.market.price_scale, tick);
  const at = form.type === 'limit' && typeof limit === 'bigint' ? limit : context.mark;
  if (typeof quantity !== 'bigint' || at === null) return context.market.max_leverage;
  return leverageLimit(context, form.direction, quantity, at);
}
