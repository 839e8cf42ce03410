// One batch of the contract engine's commands, in memory: each command is checked against the
// contract balances read for the batch, the positions and the books, then matched and settled
// (fill-settlement.ts). A command that breaks a rule is refused alone and changes nothing; the
// others go on. The batch places and cancels orders itself and hands the rest to its parts
// (liquidation, funding, changes to positions, the provider's ladder).

import { orderCost } from '../../core/contract/order-cost.ts';
import { checkLimitOrder } from '../../core/market/order-rules.ts';
import { displayAmount } from '../../core/money.ts';
import { BusinessError } from '../http/business-error.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { Posting } from '../ledger/post.ts';
import { refusal } from '../market-kernel/order-checks.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { ContractCommand, ContractResult } from './batch-commands.ts';
import { type ContractEffects, EffectsRecorder } from './batch-effects.ts';
import {
  type BatchContext,
  type BatchPort,
  type ContractFill,
  directionOf,
  Legs,
  type NewContractOrder,
} from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import type { ContractCancelReason, OrderState, PositionState } from './engine-state.ts';
import { FillSettlement } from './fill-settlement.ts';
import { FundingPayer } from './funding-payments.ts';
import { contractFreezeReference } from './ledger-kinds.ts';
import { Liquidator } from './liquidator.ts';
import {
  checkOpens,
  checkPriceBand,
  checkReduces,
  checkTpSlAtOpen,
  protectiveLimit,
} from './order-admission.ts';
import { PositionChanges } from './position-changes.ts';
import { requote } from './provider-ladder.ts';
import { ReduceOnlyGuard } from './reduce-only-guard.ts';
import { ReduceOnlyTrim } from './reduce-only-trim.ts';

const contract = (user: number): AccountRef => ({ user, wallet: 'contract', asset: 'USDT' });

export class ContractBatch implements BatchPort {
  readonly effects: ContractEffects;
  readonly #recorder: EffectsRecorder;
  readonly #trim: ReduceOnlyTrim;
  readonly #liquidator: Liquidator;
  readonly #settlement: FillSettlement;
  readonly #changes: PositionChanges;
  readonly #funding: FundingPayer;

  constructor(private readonly context: BatchContext) {
    this.#recorder = new EffectsRecorder(context.balances);
    this.effects = this.#recorder.effects;
    this.#funding = new FundingPayer(this, context.state, context.balances, this.effects.funding);
    this.#trim = new ReduceOnlyTrim(context, this);
    this.#liquidator = new Liquidator(context, this, this.effects.liquidations);
    this.#settlement = new FillSettlement(
      context,
      this.#recorder,
      this.#liquidator,
      this.#trim,
      (position) => this.#funding.settleDue(position),
    );
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
        return {
          kind: 'order',
          orderId: this.#cancelOwn(command.userId, command.orderId, command.reason ?? 'user'),
        };
      case 'requote':
        return { kind: 'quotes', resting: requote(this.context, this, command) };
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
      case 'fund':
        return { kind: 'funded', ...this.#funding.slice(command) };
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
    this.#recorder.touchOrder(placed);
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
    this.#settlement.settleEvents(market, book, count, placed);
    this.#trim.run();
    return placed;
  }

  // ── cancelling ───────────────────────────────────────────────────────────────────────────

  #cancelOwn(userId: number, orderId: number, reason: ContractCancelReason): number {
    const order = this.context.state.orders.get(orderId);
    // An order of another market is that market's writer's (the engine routes by the order).
    if (!order || order.userId !== userId || !this.context.books.has(order.symbol)) {
      throw new BusinessError('order_not_open');
    }
    this.cancel(order, reason);
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
    this.#settlement.settleEvents(market, book, count);
    order.cancelReason = reason;
  }

  // ── what the batch's parts do through it ──────────────────────────────────────────────

  fillParty(legs: Legs, order: OrderState, quantity: bigint, price: bigint, fee: bigint): bigint {
    return this.#settlement.fillParty(legs, order, quantity, price, fee);
  }

  post(posting: Posting | null): void {
    this.#recorder.post(posting);
  }

  recordFill(fill: ContractFill): void {
    this.#recorder.recordFill(fill);
  }

  markMoved(): void {
    this.#recorder.markMoved();
  }

  touchPosition(position: PositionState): void {
    this.#recorder.touchPosition(position);
  }

  settleFunding(position: PositionState): void {
    this.#funding.settleDue(position);
  }

  /** For the liquidator: settles what an order left behind after an ADL or a cancel. */
  trimAfter(): void {
    this.#trim.run();
  }
}
