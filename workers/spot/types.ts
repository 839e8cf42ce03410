// The spot trade page's side of the facade: its calls and what its view sends. Amounts to show
// arrive formatted for the locale; the ones the form builds on arrive as exact decimal strings.

import type { OrderProblem, SpotOrderForm } from '../../core/spot/order-form.ts';
import type {
  SpotCancelReason,
  SpotMarketRules,
  SpotOrderList,
  SpotOrderStatus,
} from '../../schemas/api/spot.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';

export type { SpotCancelReason, SpotMarketRules, SpotOrderForm, SpotOrderList, SpotOrderStatus };

export interface SpotOrderRow {
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  status: SpotOrderStatus;
  cancelReason: SpotCancelReason | null;
  /** Resting or partly filled: it can still be cancelled. */
  open: boolean;
  /** The market's assets: quantities are in base, values and prices in quote. */
  base: string;
  quote: string;
  /** The limit price; `--` for a market order. */
  priceShown: string;
  /**
   * The quantity asked for, in base; a market buy's turnover in quote: what it may spend while it
   * trades, what it spent once finished (docs/spot.md § What history shows).
   */
  amountShown: string;
  amountAsset: string;
  /** The "real quantity": what traded, in base; exact, and at the base's precision. */
  filled: string;
  filledShown: string;
  /** What the traded quantity was worth, in quote. */
  filledValueShown: string;
  /** The "real price": the average traded price; `--` before a fill. */
  avgPriceShown: string;
  feeShown: string;
  feeAsset: string;
  time: string;
}

/** One of the user's fills (the Deals tab), from the user's side, formatted for the locale. */
export interface SpotFillRow {
  id: number;
  symbol: string;
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  priceShown: string;
  /** In base. */
  quantityShown: string;
  /** In quote: what a buy spent, what a sell received before its fee. */
  quoteShown: string;
  feeShown: string;
  feeAsset: string;
  time: string;
}

export interface AvailableFigure {
  /** Exact decimal, for the percentage shortcuts. */
  exact: string;
  shown: string;
}

export interface SpotView {
  symbol: string;
  /** The market's rules, exact; null until `/spot/markets` answered. */
  rules: SpotMarketRules | null;
  /** The ticker's last price, exact (the "current price" of docs/product.md §12) and formatted. */
  last: string | null;
  lastShown: string;
  trend: -1 | 0 | 1;
  /** The price comes from the simulated feed: labelled "Simulated market". */
  simulated: boolean;
  loggedIn: boolean;
  /** Funding-account balances of the market's two assets; null while unknown. */
  available: { base: AvailableFigure; quote: AvailableFigure } | null;
  /** The user's known orders in this market, newest first: the open ones and recently finished. */
  orders: readonly SpotOrderRow[];
}

/** A form problem with what its message names, already formatted. */
export interface SpotProblem extends OrderProblem {
  /**
   * The minimum order value with its (quote) asset, how many decimals the field takes, and its
   * step (the tick of a price, the lot of a quantity); for a price outside the band, the lowest
   * and highest prices taken now.
   */
  params: {
    minimum: string;
    quote: string;
    decimals: number;
    step: string;
    min?: string;
    max?: string;
  };
}

export interface SpotReview {
  /** The first problem in screen order; null when the order may be sent. */
  problem: SpotProblem | null;
  /** The highest fee the order can pay, formatted with its asset; null while it cannot be told. */
  fee: { shown: string; asset: string } | null;
}

export interface SpotHandlers {
  /** Loads the market rules and, when logged in, the open orders and balances (pull-down refresh too). */
  refreshSpot(): Promise<Outcome<null>>;
  /** The form checked against the market's rules, its current price and the balance, with the fee. */
  reviewSpotOrder(symbol: string, form: SpotOrderForm): Promise<SpotReview>;
  /**
   * Places an order. One idempotency key per intent (the order's fields): a retry after an answer
   * that never came reuses it, so the server places it at most once.
   */
  placeSpotOrder(symbol: string, form: SpotOrderForm): Promise<Outcome<SpotOrderRow>>;
  cancelSpotOrder(id: number): Promise<Outcome<SpotOrderRow>>;
  spotOrders(
    status: SpotOrderList,
    page: number,
    symbol?: string,
  ): Promise<Outcome<ListPage<SpotOrderRow>>>;
  /** A page of the user's fills, newest first; of one market when `symbol` is given. */
  spotFills(page: number, symbol?: string): Promise<Outcome<ListPage<SpotFillRow>>>;
}
