// Liquidation, inside a batch of the contract engine. A position the mark reached is checked
// exactly (margin balance ≤ maintenance margin, core/contract/margin.ts); if it holds, the
// owner's open orders in the market are cancelled (for cross margin the engine then has the other
// markets' writers cancel theirs), it is closed with an immediate-or-cancel order no worse than its bankruptcy price, and
// what the book cannot take is closed against the most profitable opposite positions at that
// price (auto-deleveraging). What its margin had left goes to the insurance fund. Every
// liquidation is recorded with the mark, the bracket and the amounts that decided it.
import { bracketFor } from '../../core/contract/brackets.ts';
import {
  isLiquidated,
  liquidationPrice,
  maintenanceMargin,
  notional,
  unrealizedPnl,
} from '../../core/contract/margin.ts';
import { asPosition, bankruptcyPrice } from '../../core/contract/position-book.ts';
import { smaller } from '../../core/contract/rounding.ts';
import type { MarginMode } from '../../schemas/api/contract.schema.ts';
import { backingOf } from './backing.ts';
import { type BatchContext, type BatchPort, Legs } from './batch-types.ts';
import { type ContractMarket, priceAtoms, priceUnits, quantityUnits } from './contract-markets.ts';
import type { OrderState, PositionState } from './engine-state.ts';
import { deleveragingReference, liquidationReference } from './ledger-kinds.ts';

export interface LiquidationRecord {
  positionId: number;
  userId: number;
  symbol: string;
  marginMode: MarginMode;
  direction: 'long' | 'short';
  quantity: bigint;
  entryPrice: bigint;
  markPrice: bigint;
  markAt: Date;
  backing: bigint;
  maintenanceMargin: bigint;
  mmrPpm: number;
  liquidationPrice: bigint | null;
  bankruptcyPrice: bigint;
  filledQuantity: bigint;
  adlQuantity: bigint;
  insuranceFee: bigint;
  shortfall: bigint;
}

const ppm = 1_000_000n;

export class Liquidator {
  /** The position being liquidated: what its closes released, and what the fund paid. */
  #current: { positionId: number; released: bigint; shortfall: bigint } | null = null;

  constructor(
    private readonly context: BatchContext,
    private readonly batch: BatchPort,
    /** Where each liquidation is recorded (the batch's effects). */
    private readonly records: LiquidationRecord[],
  ) {}

  noteClosed(position: PositionState, released: bigint): void {
    if (this.#current?.positionId === position.id) this.#current.released += released;
  }

  noteShortfall(position: PositionState, amount: bigint): void {
    if (this.#current?.positionId === position.id) this.#current.shortfall += amount;
  }

  /** Liquidates those of the positions that are past maintenance; answers their ids. */
  run(positionIds: readonly number[]): number[] {
    const liquidated: number[] = [];
    for (const id of positionIds) {
      const position = this.context.state.positions.get(id);
      // Another market's position is its own writer's to liquidate.
      if (!position || !this.context.books.has(position.symbol)) continue;
      const mark = this.context.marks.get(position.symbol);
      // A stale index freezes liquidation: nobody is liquidated on a price nobody prints.
      if (!mark?.fresh) continue;
      const market = this.#market(position);
      // A payment owed to a round under way is taken first: the test sees the margin left after it.
      this.batch.settleFunding(position);
      const backing = this.backingOf(position);
      if (!isLiquidated(market.brackets, asPosition(position), backing, mark.price)) continue;
      this.#liquidate(position, market, backing, mark.price, mark.at);
      liquidated.push(id);
    }
    return liquidated;
  }

  backingOf(position: PositionState): bigint {
    return backingOf(this.context, position, this.context.balances.total(position.userId));
  }

  #market(position: PositionState): ContractMarket {
    return this.context.markets.get(position.symbol) as ContractMarket;
  }

  #liquidate(
    position: PositionState,
    market: ContractMarket,
    backing: bigint,
    mark: bigint,
    markAt: Date,
  ): void {
    const { state } = this.context;
    const quantity = position.quantity;
    const entry = asPosition(position).entryPrice;
    const bracket = bracketFor(market.brackets, notional(quantity, mark));
    const maintenance = maintenanceMargin(market.brackets, quantity, mark);
    const shown = liquidationPrice(market.brackets, asPosition(position), backing);
    const isolated = position.marginMode === 'isolated';
    // Only this market's: the others' books are their writers' (contract-engine.ts cancels there).
    for (const order of state.ordersOf(position.userId, position.symbol)) {
      this.batch.cancel(order, 'liquidation');
    }
    // Bankrupt where the margin balance is zero: the backing without the others' maintenance.
    const bankruptBacking = backingOf(
      this.context,
      position,
      this.context.balances.total(position.userId),
      false,
    );
    const bankrupt = bankruptcyPrice(position, bankruptBacking);
    const long = position.direction === 'long';
    const limit = Math.max(
      market.rules.tickSize,
      priceUnits(market, bankrupt, long ? 'up' : 'down'),
    );
    this.#current = { positionId: position.id, released: 0n, shortfall: 0n };
    const order = this.batch.place(
      {
        userId: position.userId,
        symbol: position.symbol,
        side: long ? 'sell' : 'buy',
        type: 'market',
        price: null,
        quantity: quantityUnits(market, quantity),
        leverage: position.leverage,
        marginMode: position.marginMode,
        reduceOnly: true,
        purpose: 'liquidation',
      },
      limit,
    );
    const filled = order.filledQuantity;
    if (position.status === 'open') this.#deleverage(position, market, order, limit);
    const { released, shortfall } = this.#current;
    this.#current = null;
    const left = released > 0n ? released : 0n;
    const fee = isolated ? left : left < maintenance ? left : maintenance;
    if (fee > 0n) {
      const legs = new Legs();
      legs.add({ user: position.userId, wallet: 'contract', asset: 'USDT' }, 'available', -fee);
      legs.add({ system: 'insurance', asset: 'USDT' }, 'available', fee);
      const reference = liquidationReference.build({ position: position.id });
      this.batch.post(legs.posting('contract.liquidation', reference));
    }
    this.records.push({
      positionId: position.id,
      userId: position.userId,
      symbol: position.symbol,
      marginMode: position.marginMode,
      direction: position.direction,
      quantity,
      entryPrice: entry,
      markPrice: mark,
      markAt,
      backing,
      maintenanceMargin: maintenance,
      mmrPpm: bracket.mmrPpm,
      liquidationPrice: shown,
      bankruptcyPrice: priceAtoms(market, limit),
      filledQuantity: filled,
      adlQuantity: quantity - filled,
      insuranceFee: fee,
      shortfall,
    });
  }

  /**
   * Closes what the book could not take against the opposite positions, most profitable first
   * (ranked by PnL ÷ margin × leverage, Binance's rule), at the bankruptcy price.
   */
  #deleverage(
    position: PositionState,
    market: ContractMarket,
    order: OrderState,
    limit: number,
  ): void {
    const price = priceAtoms(market, limit);
    const mark = this.context.marks.latest(position.symbol) ?? price;
    const ranked = [...this.context.state.positions.values()]
      .filter(
        (other) =>
          other.symbol === position.symbol &&
          other.direction !== position.direction &&
          other.userId !== position.userId,
      )
      .map((other) => ({ other, score: rankOf(other, mark) }))
      .sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : a.other.id - b.other.id));
    for (const { other } of ranked) {
      if (position.status !== 'open') break;
      const quantity = smaller(other.quantity, position.quantity);
      const units = quantityUnits(market, quantity);
      const counter: OrderState = {
        id: this.context.nextOrderId(),
        userId: other.userId,
        symbol: other.symbol,
        side: other.direction === 'long' ? 'sell' : 'buy',
        type: 'market',
        purpose: 'adl',
        price: limit,
        quantity: units,
        leverage: other.leverage,
        marginMode: other.marginMode,
        reduceOnly: true,
        tpPrice: null,
        slPrice: null,
        filledQuantity: 0n,
        filledValue: 0n,
        fee: 0n,
        realizedPnl: 0n,
        frozen: 0n,
        status: 'filled',
        cancelReason: null,
        createdAt: this.context.now,
      };
      const legs = new Legs();
      const takerPnl = this.batch.fillParty(legs, order, quantity, price, 0n);
      const makerPnl = this.batch.fillParty(legs, counter, quantity, price, 0n);
      const reference = deleveragingReference.build({ order: order.id, counterOrder: counter.id });
      this.batch.post(legs.posting('contract.adl', reference));
      this.batch.recordFill({
        symbol: position.symbol,
        price: limit,
        quantity: units,
        value: notional(quantity, price),
        takerSide: order.side,
        takerOrderId: order.id,
        makerOrderId: counter.id,
        takerUserId: order.userId,
        makerUserId: other.userId,
        takerFee: 0n,
        makerFee: 0n,
        takerPnl,
        makerPnl,
      });
    }
    order.status = 'filled';
    order.cancelReason = null;
    this.batch.trimAfter();
  }
}

/** Auto-deleveraging rank: PnL per unit of margin times leverage, in parts per million. */
function rankOf(position: PositionState, mark: bigint): bigint {
  if (position.margin === 0n) return 0n;
  return (
    (unrealizedPnl(asPosition(position), mark) * ppm * BigInt(position.leverage)) / position.margin
  );
}
