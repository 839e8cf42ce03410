// One batch of the contract engine's commands, in memory: each command is checked against the
// contract balances read for the batch, the positions and the books, then matched and settled.
// A fill moves no coins: it closes part of a position (releasing its share of the margin and
// realizing its PnL against the clearing account), opens the rest (freezing its initial margin)
// and pays its fee; each fill is one balanced posting. A command that breaks a rule is refused
// alone and changes nothing; the others go on.

import { type Direction, initialMargin, notional } from '../../core/contract/margin.ts';
import { orderCost } from '../../core/contract/order-cost.ts';
import { closePart, withOpened, withoutPart } from '../../core/contract/position-book.ts';
import { smaller } from '../../core/contract/rounding.ts';
import { feeOn } from '../../core/market/order-math.ts';
import { checkLimitOrder } from '../../core/market/order-rules.ts';
import { displayAmount } from '../../core/money.ts';
import type { ContractCloseReason } from '../../schemas/api/contract.schema.ts';
import { BusinessError } from '../http/business-error.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import { refusal } from '../market-kernel/order-checks.ts';
import type { EngineEvent, Side } from '../matching/events.ts';
import type { OrderBook } from '../matching/order-book.ts';
import {
  type BatchContext,
  type BatchPort,
  type ContractFill,
  directionOf,
  Legs,
  type NewContractOrder,
} from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import {
  type ContractCancelReason,
  newPosition,
  type OrderPurpose,
  type OrderState,
  type PositionState,
} from './engine-state.ts';
import { type FundingCommand, type FundingRecord, payFunding } from './funding-payments.ts';
import {
  contractFillReference,
  contractFreezeReference,
  contractReleaseReference,
} from './ledger-kinds.ts';
import { type LiquidationRecord, Liquidator } from './liquidator.ts';
import {
  checkOpens,
  checkPriceBand,
  checkReduces,
  checkTpSlAtOpen,
  protectiveLimit,
} from './order-admission.ts';
import { PositionChanges, type PositionCommand } from './position-changes.ts';
import { ReduceOnlyGuard } from './reduce-only-guard.ts';

export type ContractCommand =
  | { kind: 'open'; order: NewContractOrder }
  | { kind: 'cancel'; userId: number; orderId: number }
  /** The liquidity provider's ladder in one market, as spot's `requote`. */
  | {
      kind: 'requote';
      userId: number;
      symbol: string;
      quotes: readonly Quote[];
      leverage: number;
      resting: readonly number[] | null;
    }
  /** Positions whose liquidation price the mark reached: each is checked exactly first. */
  | { kind: 'liquidate'; positionIds: readonly number[] }
  | FundingCommand
  | PositionCommand;

export type ContractResult =
  | { kind: 'order'; orderId: number }
  | { kind: 'quotes'; resting: number[] }
  | { kind: 'liquidated'; positionIds: number[] }
  | { kind: 'funded'; payments: number }
  | { kind: 'position'; positionId: number }
  | { kind: 'leverage'; symbol: string; leverage: number }
  | { kind: 'triggered'; positionIds: number[] }
  | { kind: 'refused'; error: BusinessError };

export interface ContractEffects {
  postings: Posting[];
  /** Orders placed or changed, as they now stand, by id. */
  orders: Map<number, OrderState>;
  /** Positions opened or changed, as they now stand, by id. */
  positions: Map<number, PositionState>;
  fills: ContractFill[];
  liquidations: LiquidationRecord[];
  funding: FundingRecord[];
  /** Price levels whose resting quantity changed, per market. */
  touched: Map<string, { side: Side; price: number }[]>;
  results: ContractResult[];
  /** Whether memory changed: a failure after that rebuilds it. */
  moved: boolean;
}

const contract = (user: number): AccountRef => ({ user, wallet: 'contract', asset: 'USDT' });
const system = (name: 'fees' | 'insurance' | 'contract_clearing'): AccountRef => ({
  system: name,
  asset: 'USDT',
});

const closeReasonOf: Record<OrderPurpose, ContractCloseReason> = {
  user: 'user',
  tp: 'tp',
  sl: 'sl',
  liquidation: 'liquidation',
  adl: 'adl',
};

export class ContractBatch implements BatchPort {
  readonly effects: ContractEffects = {
    postings: [],
    orders: new Map(),
    positions: new Map(),
    fills: [],
    liquidations: [],
    funding: [],
    touched: new Map(),
    results: [],
    moved: false,
  };
  /** Users whose reduce-only orders may now exceed their position, per market. */
  readonly #trim = new Set<string>();
  readonly #liquidator: Liquidator;
  readonly #changes: PositionChanges;

  constructor(private readonly context: BatchContext) {
    this.#liquidator = new Liquidator(context, this, this.effects.liquidations);
    this.#changes = new PositionChanges(context, this);
  }

  run(command: ContractCommand): void {
    try {
      this.effects.results.push(this.#run(command));
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      this.effects.results.push({ kind: 'refused', error });
    }
  }

  #run(command: ContractCommand): ContractResult {
    switch (command.kind) {
      case 'open':
        return { kind: 'order', orderId: this.place(command.order).id };
      case 'cancel':
        return { kind: 'order', orderId: this.#cancelOwn(command.userId, command.orderId) };
      case 'requote':
        return { kind: 'quotes', resting: this.#requote(command) };
      case 'liquidate':
        return { kind: 'liquidated', positionIds: this.#liquidator.run(command.positionIds) };
      case 'tpsl':
        return { kind: 'position', positionId: this.#changes.tpsl(command).id };
      case 'margin':
        return { kind: 'position', positionId: this.#changes.margin(command).id };
      case 'leverage':
        this.#changes.leverage(command);
        return { kind: 'leverage', symbol: command.symbol, leverage: command.leverage };
      case 'trigger':
        return { kind: 'triggered', positionIds: this.#changes.trigger(command.positionIds) };
      case 'fund': {
        const record = payFunding(this, this.context.state, this.context.balances, command);
        this.effects.funding.push(record);
        this.effects.moved = true;
        return { kind: 'funded', payments: record.payments.length };
      }
    }
  }

  // ── placing ──────────────────────────────────────────────────────────────────────────────

  /** Checks, freezes and matches an order; answers it as it stands after matching. */
  place(order: NewContractOrder, limitOverride?: number): OrderState {
    const { markets, books, state, marks } = this.context;
    const market = markets.get(order.symbol);
    const book = books.get(order.symbol);
    if (!market || !book) throw new BusinessError('market_unknown');
    const mark = marks.fresh(order.symbol);
    const position = state.positionOf(order.userId, order.symbol);
    if (order.reduceOnly) checkReduces(market, order, position);
    else {
      if (mark === null) throw new BusinessError('index_stale');
      checkOpens(this.context.state, market, order, position, mark);
    }
    const price =
      limitOverride ?? order.price ?? protectiveLimit(market, book, order, this.context);
    // The band holds every limit a trader chooses, closing ones too (Binance's PERCENT_PRICE);
    // the engine's own orders (triggers, liquidations) are market orders and are not limits.
    // First, so that a price far off the mark is answered with the range it may have.
    if (order.type === 'limit' && limitOverride === undefined) {
      checkPriceBand(market, order, price, mark ?? marks.latest(order.symbol));
    }
    const reason = checkLimitOrder(book.rules, price, order.quantity);
    if (reason !== null) throw refusal(market, reason);
    if (!order.reduceOnly && price * order.quantity < market.rules.minNotional) {
      throw refusal(market, 'below_min_notional');
    }
    const cost = order.reduceOnly
      ? 0n
      : orderCost(
          {
            direction: directionOf(order.side),
            quantity: quantityAtoms(market, order.quantity),
            price: priceAtoms(market, price),
            leverage: order.leverage,
          },
          mark ?? priceAtoms(market, price),
          market.fees.takerPpm,
        ).total;
    if (this.context.balances.available(order.userId) < cost) {
      throw new BusinessError('margin_insufficient', { amount: `${displayAmount(cost)} USDT` });
    }
    const tpPrice = order.tpPrice ?? null;
    const slPrice = order.slPrice ?? null;
    // Judged on the book and mark this batch sees, before anything is frozen: refused, it
    // changes nothing.
    if (mark !== null) checkTpSlAtOpen(this.context, market, book, order, price, mark);
    const placed: OrderState = {
      id: this.context.nextOrderId(),
      ...order,
      tpPrice,
      slPrice,
      price,
      filledQuantity: 0n,
      filledValue: 0n,
      fee: 0n,
      realizedPnl: 0n,
      frozen: cost,
      status: 'open',
      cancelReason: null,
      createdAt: this.context.now,
    };
    this.#touchOrder(placed);
    if (cost > 0n) {
      const legs = new Legs();
      legs.add(contract(order.userId), 'available', -cost);
      legs.add(contract(order.userId), 'frozen', cost);
      this.post(
        legs.posting('contract.freeze', contractFreezeReference.build({ order: placed.id })),
      );
    }
    this.effects.moved = true;
    book.guard = new ReduceOnlyGuard(this.context.state, market);
    const count =
      order.type === 'limit' && limitOverride === undefined
        ? book.limit(placed.id, order.userId, order.side, price, order.quantity)
        : book.immediate(placed.id, order.userId, order.side, price, order.quantity);
    this.settleEvents(market, book, count, placed);
    this.#trimReduceOnly();
    return placed;
  }

  // ── cancelling ───────────────────────────────────────────────────────────────────────────

  #cancelOwn(userId: number, orderId: number): number {
    const order = this.context.state.orders.get(orderId);
    if (!order || order.userId !== userId) throw new BusinessError('order_not_open');
    this.cancel(order, 'user');
    return orderId;
  }

  /** Takes a resting order off its book and releases what it holds. */
  cancel(order: OrderState, reason: ContractCancelReason): void {
    const book = this.context.books.get(order.symbol) as OrderBook;
    const market = this.context.markets.get(order.symbol) as ContractMarket;
    const count = book.cancel(order.id, order.userId);
    if (count !== 1 || book.events[0]?.kind !== 'cancel') {
      throw new Error(`order ${order.id} was resting in memory but not in the book`);
    }
    this.effects.moved = true;
    this.settleEvents(market, book, count);
    order.cancelReason = reason;
  }

  // ── the provider's ladder ────────────────────────────────────────────────────────────────

  #requote(command: Extract<ContractCommand, { kind: 'requote' }>): number[] {
    const { userId, symbol, quotes, leverage } = command;
    const mine = this.context.state.ordersOf(userId, symbol);
    const ids = command.resting ?? mine.map((order) => order.id);
    const resting = mine.filter((order) => ids.includes(order.id));
    const wanted = new Map(quotes.map((quote) => [quoteKey(quote), quote]));
    const kept: number[] = [];
    for (const order of resting) {
      const book = this.context.books.get(symbol) as OrderBook;
      const left = book.order(order.id)?.remaining ?? 0;
      if (wanted.delete(quoteKey({ side: order.side, price: order.price, quantity: left }))) {
        kept.push(order.id);
      } else this.cancel(order, 'user');
    }
    for (const quote of wanted.values()) {
      try {
        const placed = this.place({
          userId,
          symbol,
          type: 'limit',
          ...quote,
          leverage,
          marginMode: 'cross',
          reduceOnly: false,
          purpose: 'user',
        });
        if (this.context.state.orders.has(placed.id)) kept.push(placed.id);
      } catch (error) {
        // A quote the provider cannot pay for is left out; the rest of its ladder stands.
        if (!(error instanceof BusinessError)) throw error;
      }
    }
    return kept;
  }

  // ── settlement ───────────────────────────────────────────────────────────────────────────

  /** Settles a book command's events; `incoming` is the order the command brought, if any. */
  settleEvents(market: ContractMarket, book: OrderBook, count: number, incoming?: OrderState) {
    const { state } = this.context;
    // The events are copied first: settling may cancel orders, which reuses the book's buffer.
    const events = book.events.slice(0, count).map((event) => ({ ...event }));
    for (const event of events) {
      switch (event.kind) {
        case 'reject':
          throw new Error(`engine refused a checked contract command: ${event.reason}`);
        case 'cancel': {
          const order = state.orders.get(event.orderId) as OrderState;
          this.#release(order, order.frozen);
          order.status = 'cancelled';
          order.cancelReason =
            event.reason === 'self_trade' || event.reason === 'reduce_only' ? event.reason : 'user';
          state.removeOrder(order);
          this.#touchLevel(market.symbol, event.side, event.price);
          break;
        }
        case 'fill':
          this.#fill(market, event, incoming as OrderState);
          break;
        case 'rest': {
          const order = incoming as OrderState;
          order.status = order.filledQuantity > 0n ? 'partially_filled' : 'open';
          state.addOrder(order);
          this.#touchLevel(market.symbol, event.side, event.price);
          break;
        }
        case 'done': {
          const order = incoming as OrderState;
          this.#release(order, order.frozen);
          order.status = event.remaining === 0 ? 'filled' : 'cancelled';
          order.cancelReason = event.remaining === 0 ? null : 'unfilled';
          break;
        }
      }
    }
  }

  #fill(market: ContractMarket, event: EngineEvent, taker: OrderState): void {
    const maker = this.context.state.orders.get(event.makerOrderId) as OrderState;
    const quantity = quantityAtoms(market, event.quantity);
    const price = priceAtoms(market, event.price);
    const value = notional(quantity, price);
    const legs = new Legs();
    const takerFee = taker.purpose === 'liquidation' ? 0n : feeOn(value, market.fees.takerPpm);
    const makerFee = feeOn(value, market.fees.makerPpm);
    const takerPnl = this.fillParty(legs, taker, quantity, price, takerFee);
    const makerPnl = this.fillParty(legs, maker, quantity, price, makerFee);
    const reference = contractFillReference.build({ takerOrder: taker.id, makerOrder: maker.id });
    this.post(legs.posting('contract.fill', reference));
    this.effects.fills.push({
      symbol: market.symbol,
      price: event.price,
      quantity: event.quantity,
      value,
      takerSide: event.side,
      takerOrderId: taker.id,
      makerOrderId: maker.id,
      takerUserId: taker.userId,
      makerUserId: maker.userId,
      takerFee,
      makerFee,
      takerPnl,
      makerPnl,
    });
    if (event.makerRemaining === 0) {
      maker.status = 'filled';
      this.context.state.removeOrder(maker);
    } else maker.status = 'partially_filled';
    this.#touchLevel(market.symbol, maker.side, event.price);
  }

  /**
   * One side of a fill: releases the order's share of what it holds, closes what faces the
   * position (its share of the margin back, its PnL from the clearing account), opens the rest
   * (its initial margin frozen) and pays the fee. An isolated position never loses more than its
   * margin: a close beyond that is paid by the insurance fund. Answers the realized PnL.
   */
  fillParty(legs: Legs, order: OrderState, quantity: bigint, price: bigint, fee: bigint): bigint {
    const { state } = this.context;
    const account = contract(order.userId);
    const market = this.context.markets.get(order.symbol) as ContractMarket;
    const remaining = quantityAtoms(market, order.quantity) - order.filledQuantity;
    const hold = quantity >= remaining ? order.frozen : (order.frozen * quantity) / remaining;
    order.frozen -= hold;
    legs.add(account, 'frozen', -hold);
    legs.add(account, 'available', hold);

    const direction = directionOf(order.side);
    let position = state.positionOf(order.userId, order.symbol);
    let pnl = 0n;
    let closing = 0n;
    if (position && position.direction !== direction) {
      closing = smaller(quantity, position.quantity);
      const part = closePart(position, closing, price);
      Object.assign(position, withoutPart(position, part));
      pnl = part.pnl;
      legs.add(account, 'frozen', -part.margin);
      legs.add(account, 'available', part.margin + part.pnl);
      legs.add(system('contract_clearing'), 'available', -part.pnl);
      const uncovered = part.margin + part.pnl;
      if (position.marginMode === 'isolated' && uncovered < 0n) {
        legs.add(account, 'available', -uncovered);
        legs.add(system('insurance'), 'available', uncovered);
        this.#liquidator.noteShortfall(position, -uncovered);
      }
      const closingFee = (fee * closing) / quantity;
      position.realizedPnl += part.pnl;
      position.closedQuantity += closing;
      position.closedValue += notional(closing, price);
      position.closingFee += closingFee;
      this.#liquidator.noteClosed(position, part.margin + part.pnl);
      this.touchPosition(position);
      if (position.quantity === 0n) this.#closePosition(position, closeReasonOf[order.purpose]);
      else this.#trim.add(`${order.userId}:${order.symbol}`);
    }
    const opening = quantity - closing;
    if (opening > 0n) {
      if (order.reduceOnly) throw new Error(`reduce-only order ${order.id} would open`);
      position = state.positionOf(order.userId, order.symbol);
      if (!position) {
        position = this.#newPosition(order, direction);
        state.addPosition(position);
      }
      const margin = initialMargin(opening, price, order.leverage);
      legs.add(account, 'available', -margin);
      legs.add(account, 'frozen', margin);
      Object.assign(position, withOpened(position, opening, price, margin));
      if (order.tpPrice !== null) position.tpPrice = order.tpPrice;
      if (order.slPrice !== null) position.slPrice = order.slPrice;
      position.openFee += fee - (fee * closing) / quantity;
      this.touchPosition(position);
    }
    legs.add(account, 'available', -fee);
    legs.add(system('fees'), 'available', fee);
    order.fee += fee;
    order.filledQuantity += quantity;
    order.filledValue += notional(quantity, price);
    order.realizedPnl += pnl;
    this.#touchOrder(order);
    return pnl;
  }

  #newPosition(order: OrderState, direction: Direction): PositionState {
    return newPosition({
      id: this.context.nextPositionId(),
      userId: order.userId,
      symbol: order.symbol,
      direction,
      marginMode: order.marginMode,
      leverage: order.leverage,
      openedAt: this.context.now,
    });
  }

  #closePosition(position: PositionState, reason: ContractCloseReason): void {
    position.status = 'closed';
    position.closeReason = reason;
    position.closedAt = this.context.now;
    this.context.state.removePosition(position);
    // What was left to close it has nothing to close: the trim cancels it after this command.
    this.#trim.add(`${position.userId}:${position.symbol}`);
  }

  /**
   * Cancels reduce-only orders that no longer fit the position they reduce, newest first, so a
   * resting reduce-only order can never open a position.
   */
  #trimReduceOnly(): void {
    for (const key of this.#trim) {
      const [user, symbol] = key.split(':') as [string, string];
      const userId = Number(user);
      const market = this.context.markets.get(symbol) as ContractMarket;
      const position = this.context.state.positionOf(userId, symbol);
      const book = this.context.books.get(symbol) as OrderBook;
      let room = position?.quantity ?? 0n;
      const reducing = this.context.state
        .ordersOf(userId, symbol)
        .filter((order) => order.reduceOnly)
        .sort((a, b) => a.id - b.id);
      for (const order of reducing) {
        const left = quantityAtoms(market, book.order(order.id)?.remaining ?? 0);
        const faces = position !== undefined && position.direction !== directionOf(order.side);
        if (faces && left <= room) room -= left;
        else this.cancel(order, 'reduce_only');
      }
    }
    this.#trim.clear();
  }

  #release(order: OrderState, amount: bigint): void {
    if (amount === 0n) return;
    order.frozen -= amount;
    const legs = new Legs();
    legs.add(contract(order.userId), 'frozen', -amount);
    legs.add(contract(order.userId), 'available', amount);
    this.post(
      legs.posting('contract.release', contractReleaseReference.build({ order: order.id })),
    );
    this.#touchOrder(order);
  }

  post(posting: Posting | null): void {
    if (!posting) return;
    this.effects.postings.push(posting);
    this.context.balances.apply(posting);
  }

  #touchOrder(order: OrderState): void {
    this.effects.orders.set(order.id, order);
  }

  recordFill(fill: ContractFill): void {
    this.effects.fills.push(fill);
  }

  markMoved(): void {
    this.effects.moved = true;
  }

  touchPosition(position: PositionState): void {
    this.effects.positions.set(position.id, position);
  }

  #touchLevel(symbol: string, side: Side, price: number): void {
    let levels = this.effects.touched.get(symbol);
    if (!levels) {
      levels = [];
      this.effects.touched.set(symbol, levels);
    }
    levels.push({ side, price });
  }

  /** For the liquidator: settles what an order left behind after an ADL or a cancel. */
  trimAfter(): void {
    this.#trimReduceOnly();
  }
}

function quoteKey(quote: Quote): string {
  return `${quote.side}:${quote.price}:${quote.quantity}`;
}
