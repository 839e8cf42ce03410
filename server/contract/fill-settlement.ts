// Settlement of what a book command did, inside a batch of the contract engine. A fill moves no
// coins: it closes part of a position (releasing its share of the margin and realizing its PnL
// against the clearing account), opens the rest (freezing its initial margin) and pays its fee;
// each fill is one balanced posting. A cancelled or finished order releases what it still holds.
import { type Direction, initialMargin, notional } from '../../core/contract/margin.ts';
import { closePart, withOpened, withoutPart } from '../../core/contract/position-book.ts';
import { smaller } from '../../core/contract/rounding.ts';
import { feeOn } from '../../core/market/order-math.ts';
import type { ContractCloseReason } from '../../schemas/api/contract.schema.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { EngineEvent } from '../matching/events.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { EffectsRecorder } from './batch-effects.ts';
import { type BatchContext, directionOf, Legs } from './batch-types.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import {
  newPosition,
  type OrderPurpose,
  type OrderState,
  type PositionState,
} from './engine-state.ts';
import { contractFillReference, contractReleaseReference } from './ledger-kinds.ts';
import type { Liquidator } from './liquidator.ts';
import type { ReduceOnlyTrim } from './reduce-only-trim.ts';

const contract = (user: number): AccountRef => ({ user, wallet: 'contract', asset: 'USDT' });
const system = (name: 'insurance'): AccountRef => ({
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

export class FillSettlement {
  constructor(
    private readonly context: BatchContext,
    private readonly recorder: EffectsRecorder,
    /** Told what each close of the position it is liquidating released, and what the fund paid. */
    private readonly liquidator: Pick<Liquidator, 'noteClosed' | 'noteShortfall'>,
    private readonly trim: Pick<ReduceOnlyTrim, 'note'>,
    /** Pays what a position owes a funding round under way before a fill changes it. */
    private readonly settleFunding: (position: PositionState) => void,
  ) {}

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
          this.recorder.touchLevel(market.symbol, event.side, event.price);
          break;
        }
        case 'fill':
          this.#fill(market, event, incoming as OrderState);
          break;
        case 'rest': {
          const order = incoming as OrderState;
          order.status = order.filledQuantity > 0n ? 'partially_filled' : 'open';
          state.addOrder(order);
          this.recorder.touchLevel(market.symbol, event.side, event.price);
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
    this.recorder.post(legs.posting('contract.fill', reference));
    this.recorder.recordFill({
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
    this.recorder.touchLevel(market.symbol, maker.side, event.price);
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
    if (position) this.settleFunding(position);
    let pnl = 0n;
    let closing = 0n;
    if (position && position.direction !== direction) {
      closing = smaller(quantity, position.quantity);
      const part = closePart(position, closing, price);
      Object.assign(position, withoutPart(position, part));
      pnl = part.pnl;
      legs.add(account, 'frozen', -part.margin);
      legs.add(account, 'available', part.margin + part.pnl);
      // The market's own shard, as its fees: no other market's writer waits on its row.
      legs.add(
        { system: 'contract_clearing', asset: 'USDT', shard: order.symbol },
        'available',
        -part.pnl,
      );
      const uncovered = part.margin + part.pnl;
      if (position.marginMode === 'isolated' && uncovered < 0n) {
        legs.add(account, 'available', -uncovered);
        legs.add(system('insurance'), 'available', uncovered);
        this.liquidator.noteShortfall(position, -uncovered);
      }
      const closingFee = (fee * closing) / quantity;
      position.realizedPnl += part.pnl;
      position.closedQuantity += closing;
      position.closedValue += notional(closing, price);
      position.closingFee += closingFee;
      this.liquidator.noteClosed(position, part.margin + part.pnl);
      this.recorder.touchPosition(position);
      if (position.quantity === 0n) this.#closePosition(position, closeReasonOf[order.purpose]);
      else this.trim.note(order.userId, order.symbol);
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
      this.recorder.touchPosition(position);
    }
    legs.add(account, 'available', -fee);
    // The market's own fees shard: no other market's writer waits on its row.
    legs.add({ system: 'fees', asset: 'USDT', shard: order.symbol }, 'available', fee);
    order.fee += fee;
    order.filledQuantity += quantity;
    order.filledValue += notional(quantity, price);
    order.realizedPnl += pnl;
    this.recorder.touchOrder(order);
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
    this.trim.note(position.userId, position.symbol);
  }

  #release(order: OrderState, amount: bigint): void {
    if (amount === 0n) return;
    order.frozen -= amount;
    const legs = new Legs();
    legs.add(contract(order.userId), 'frozen', -amount);
    legs.add(contract(order.userId), 'available', amount);
    this.recorder.post(
      legs.posting('contract.release', contractReleaseReference.build({ order: order.id })),
    );
    this.recorder.touchOrder(order);
  }
}
