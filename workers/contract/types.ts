// The perpetual contracts' side of the facade: their calls and what their views send. Figures to
// show arrive formatted for the locale; the ones a form builds on arrive as exact decimals.

import type { Direction } from '../../core/contract/margin.ts';
import type {
  ContractField,
  ContractOrderForm,
  ContractProblem,
  ContractRule,
} from '../../core/contract/order-form.ts';
import type {
  TpSlSheetField,
  TpSlSheetRule,
  TpSlSheetTyped,
} from '../../core/contract/tpsl-sheet.ts';
import type {
  CloseRequest,
  PositionChange,
} from '../../core/machines/contract-position.machine.ts';
import type {
  ContractCloseReason,
  ContractOrder,
  MarginMode,
} from '../../schemas/api/contract.schema.ts';
import type { OrderList } from '../../schemas/api/orders.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';

export type {
  CloseRequest,
  ContractCloseReason,
  ContractField,
  ContractOrderForm,
  ContractRule,
  Direction,
  MarginMode,
  OrderList,
  PositionChange,
};

/** A perpetual on the futures list: prices and rates formatted, the next funding as a time. */
export interface ContractBoardRow {
  symbol: string;
  last: string;
  mark: string;
  /** Signed 24 h change in percent (`+1.25%`). */
  change: string;
  /** The coming round's rate in percent (`0.0100%`); positive: longs pay shorts. */
  fundingRate: string;
  /** When the coming round is paid, ms since the epoch; null while unknown. */
  nextFunding: number | null;
  trend: -1 | 0 | 1;
}

export interface ContractBoardView {
  rows: readonly ContractBoardRow[];
  /** Some price comes from the simulated feed: the "Simulated market" badge. */
  simulated: boolean;
}

/** What a market's trading is held to, exact, for the form's fields and chips. */
export interface ContractMarketFacts {
  base: string;
  quote: string;
  priceScale: number;
  quantityScale: number;
  /** The most any order may use: the first bracket's leverage. */
  maxLeverage: number;
  tickSize: string;
  lotSize: string;
  minNotional: string;
}

export interface ContractPositionRow {
  id: number;
  symbol: string;
  base: string;
  direction: Direction;
  leverage: number;
  marginMode: MarginMode;
  /** Formatted, and exact for the close shortcuts. */
  quantity: string;
  quantityExact: string;
  entry: string;
  mark: string;
  /** `--` when it cannot be liquidated. */
  liquidation: string;
  margin: string;
  /** Signed, USDT. */
  pnl: string;
  /** -1 a loss, 1 a gain: colours the figures. */
  pnlSign: -1 | 0 | 1;
  /** Signed percent. */
  roe: string;
  marginRatio: string;
  /** `--` when not set; exact for the editor. */
  tp: string;
  sl: string;
  tpExact: string;
  slExact: string;
  /** Exact prices for the chart's lines; empty when there is none. */
  entryExact: string;
  liquidationExact: string;
  /** What the TP/SL closes when only part of the position; null: all of it. */
  tpslQuantity: string | null;
  tpslQuantityExact: string;
  priceScale: number;
  quantityScale: number;
  /** The market's lot, exact: a partial close is a whole number of them. */
  lotSize: string;
}

/** A position that closed while the page was open, and how, once the history says it. */
export interface EndedPositionRow {
  id: number;
  symbol: string;
  direction: Direction;
  leverage: number;
  reason: ContractCloseReason | null;
  /** When the channel said it closed, ms since the epoch. */
  closedAt: number;
}

export interface ContractOrderRow {
  id: number;
  symbol: string;
  /** What the order does: opens or closes a long or short. */
  action: 'openLong' | 'openShort' | 'closeLong' | 'closeShort';
  type: 'limit' | 'market';
  purpose: ContractOrder['purpose'];
  status: ContractOrder['status'];
  cancelReason: ContractOrder['cancel_reason'];
  /** Resting or partly filled: it can still be cancelled. */
  open: boolean;
  /** Some of it filled: a cancelled order that traded was partly filled first. */
  traded: boolean;
  leverage: number;
  marginMode: MarginMode;
  price: string;
  quantity: string;
  filled: string;
  avgPrice: string;
  fee: string;
  pnl: string;
  time: string;
}

export interface ContractTradeView {
  symbol: string;
  /** Null until `/contract/markets` answered. */
  market: ContractMarketFacts | null;
  last: string;
  trend: -1 | 0 | 1;
  mark: string;
  /** The mark, exact, for the chart's line; null while unknown. */
  markExact: string | null;
  index: string;
  /** Percent, signed. */
  fundingRate: string;
  nextFunding: number | null;
  /** The index went stale: opening waits. */
  stale: boolean;
  simulated: boolean;
  loggedIn: boolean;
  /** The contract wallet's available USDT; null while unknown. */
  available: { exact: string; shown: string } | null;
  /**
   * The market's leverage and margin mode while a position or a resting opening order holds them
   * (the server keeps one setting per market); null when they are free to choose.
   */
  settings: { leverage: number; marginMode: MarginMode; hasPosition: boolean } | null;
  /** Every market's open positions and resting orders, newest first. */
  positions: readonly ContractPositionRow[];
  ended: readonly EndedPositionRow[];
  orders: readonly ContractOrderRow[];
  /** Orders seen finishing while the page was open, the last to finish first: how each ended. */
  finishedOrders: readonly ContractOrderRow[];
}

/** A form problem with what its message names, already formatted. */
export interface ContractFormProblem extends ContractProblem {
  /** For a price outside the band, `min` and `max` are the lowest and highest prices taken now. */
  params: {
    minimum: string;
    decimals: number;
    step: string;
    leverage: number;
    min?: string;
    max?: string;
  };
}

export interface ContractReview {
  problem: ContractFormProblem | null;
  /** What the order takes from the wallet (USDT), the maxima (in base), formatted; null unknown. */
  cost: string | null;
  maxLong: string | null;
  maxShort: string | null;
  /** Exact maxima, for the quantity shortcuts. */
  maxLongExact: string | null;
  maxShortExact: string | null;
  /** The estimated liquidation price of the position after the order; null when it has none. */
  liquidation: string | null;
  /** A market order walked through the perpetual's book; null for a limit order or unknown. */
  market: ContractMarketPreview | null;
}

/** A market order's walk of the book (docs/contracts.md § Market preview), formatted. */
export interface ContractMarketPreview {
  /** The average price it would trade at; `--` when its side of the book is empty. */
  average: string;
  /** How much worse than the mark the average is, in percent. */
  slippage: string;
  /** The quantity the visible book fills, in base. */
  filled: string;
  /** The visible book fills it whole; when not, the form warns before sending. */
  whole: boolean;
}

/** The TP/SL sheet of an open position, reviewed before sending (core/contract/tpsl-sheet.ts). */
export interface TpSlReview {
  /** Each field's problem with what its message names, formatted. */
  problems: Partial<
    Record<
      TpSlSheetField,
      {
        rule: TpSlSheetRule;
        params: { decimals: number; step: string; size: string; mark: string };
      }
    >
  >;
  /** The quantity the trigger closes, formatted; null while the typed quantity is refused. */
  closing: string | null;
  /** The trigger closes the whole position. */
  whole: boolean;
  /** USDT realized by closing that quantity at each valid price, signed; null without one. */
  tpPnl: string | null;
  tpPnlSign: -1 | 0 | 1;
  slPnl: string | null;
  slPnlSign: -1 | 0 | 1;
}

export interface ClosedPositionRow {
  id: number;
  symbol: string;
  direction: Direction;
  leverage: number;
  marginMode: MarginMode;
  quantity: string;
  entry: string;
  close: string;
  pnl: string;
  pnlSign: -1 | 0 | 1;
  fees: string;
  funding: string;
  reason: ContractCloseReason;
  openedAt: string;
  closedAt: string;
}

export interface FundingPaymentRow {
  key: string;
  symbol: string;
  direction: Direction;
  time: string;
  rate: string;
  mark: string;
  quantity: string;
  /** Signed: received or paid, USDT. */
  amount: string;
  amountSign: -1 | 0 | 1;
}

/** One fill of the user's: a self-trade lists the same fill as taker and as maker. */
export interface ContractFillRow {
  /** The fill's id with the user's role: unique in the list. */
  key: string;
  id: number;
  symbol: string;
  side: 'buy' | 'sell';
  role: 'taker' | 'maker';
  /** The order it filled; null when no order of the user's stood behind it. */
  orderId: number | null;
  time: string;
  price: string;
  quantity: string;
  /** USDT: the fill's value, its fee and the PnL it realized (signed). */
  value: string;
  fee: string;
  pnl: string;
  pnlSign: -1 | 0 | 1;
}

/**
 * A liquidation with the inputs that decided it, so a trader can check it: the recorded mark and
 * when, the backing against the maintenance margin at that mark, and the prices and quantities it
 * was closed at. USDT amounts are exact, as the server recorded them.
 */
export interface LiquidationRow {
  positionId: number;
  symbol: string;
  direction: Direction;
  marginMode: MarginMode;
  time: string;
  quantity: string;
  entry: string;
  mark: string;
  markTime: string;
  /** As the position showed it; `--` when there was none. */
  liquidation: string;
  bankruptcy: string;
  backing: string;
  maintenanceMargin: string;
  /** The bracket's maintenance margin rate, in percent. */
  maintenanceRate: string;
  /** Closed against the book, and against opposite positions (auto-deleveraging). */
  filled: string;
  adl: string;
  /** What the margin had left, to the insurance fund. */
  insuranceFee: string;
}

/** Which position a share card is of. */
export type ShareRef = { kind: 'open' | 'closed'; id: number };

/** What the PnL card draws, formatted. */
export interface ShareCard {
  symbol: string;
  direction: Direction;
  leverage: number;
  /** Signed percent. */
  roe: string;
  roeSign: -1 | 0 | 1;
  entry: string;
  /** The mark for an open position, the close price for a closed one. */
  price: string;
  closed: boolean;
}

export interface ContractHandlers {
  /** Loads the perpetuals' tickers, marks and funding (the futures list; pull-down refresh). */
  loadContractBoard(): Promise<Outcome<{ symbols: string[] }>>;
  /** Loads the markets' rules and, signed in, the positions, resting orders and balances. */
  refreshContract(): Promise<Outcome<null>>;
  /** The form checked against the market, the mark, the balance and the positions, with figures. */
  reviewContractOrder(symbol: string, form: ContractOrderForm): Promise<ContractReview>;
  /** Opens or adds to a position. One idempotency key per intent (the order's fields). */
  openContract(symbol: string, form: ContractOrderForm): Promise<Outcome<ContractOrderRow>>;
  closeContract(positionId: number, close: CloseRequest): Promise<Outcome<ContractOrderRow>>;
  /** Closes every open position at the market; answers how many closes were placed. */
  closeAllContracts(): Promise<{ placed: number; failed: number }>;
  cancelContractOrder(id: number): Promise<Outcome<ContractOrderRow>>;
  /** Sets a position's TP/SL (an empty price clears it) or adds or removes isolated margin. */
  changePosition(
    positionId: number,
    change: Exclude<PositionChange, { kind: 'leverage' }>,
  ): Promise<Outcome<null>>;
  /** The TP/SL sheet checked against the tick, lot, mark and liquidation, with the PnL at each price. */
  reviewTpSl(positionId: number, typed: TpSlSheetTyped): Promise<TpSlReview>;
  /** Changes the leverage of the market's position (without one the server only checks it). */
  setContractLeverage(symbol: string, leverage: number): Promise<Outcome<null>>;
  contractOrders(status: OrderList, page: number): Promise<Outcome<ListPage<ContractOrderRow>>>;
  contractHistory(page: number): Promise<Outcome<ListPage<ClosedPositionRow>>>;
  contractFills(page: number): Promise<Outcome<ListPage<ContractFillRow>>>;
  contractFunding(page: number): Promise<Outcome<ListPage<FundingPaymentRow>>>;
  contractLiquidations(page: number): Promise<Outcome<ListPage<LiquidationRow>>>;
  /** The PnL card of a position, loading what it needs; null when there is no such position. */
  shareCard(ref: ShareRef): Promise<Outcome<ShareCard | null>>;
}
