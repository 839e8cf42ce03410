// Changes a trader makes to an open position, inside a batch of the contract engine: its
// take-profit and stop-loss, its isolated margin, and its leverage; and what the mark sets off
// (a take-profit or stop-loss closing it with a reduce-only market order). Each is checked with
// the formulas of core/contract/ the form shows, and moves money with a balanced posting.
import { bracketFor } from '../../core/contract/brackets.ts';
import {
  initialMargin,
  initialMarginOfCost,
  liquidationPrice,
  notional,
  unrealizedPnl,
} from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import { smaller } from '../../core/contract/rounding.ts';
import { tpSlProblem, tpSlTriggered } from '../../core/contract/tpsl.ts';
import { displayAmount } from '../../core/money.ts';
import { BusinessError } from '../http/business-error.ts';
import { backingOf } from './backing.ts';
import { type BatchContext, type BatchPort, Legs } from './batch-types.ts';
import { type ContractMarket, quantityUnits } from './contract-markets.ts';
import type { PositionState } from './engine-state.ts';
import { leverageReference, marginReference } from './ledger-kinds.ts';

export type PositionCommand =
  | {
      kind: 'tpsl';
      userId: number;
      positionId: number;
      /** Quote atoms per coin; null clears. */
      tpPrice: bigint | null;
      slPrice: bigint | null;
      /** Base atoms to close when one triggers; null: the whole position. */
      quantity: bigint | null;
    }
  | { kind: 'margin'; userId: number; positionId: number; action: 'add' | 'remove'; amount: bigint }
  | { kind: 'leverage'; userId: number; symbol: string; leverage: number }
  /** Positions whose take-profit or stop-loss the mark may have reached. */
  | { kind: 'trigger'; positionIds: readonly number[] };

const wallet = (user: number) => ({ user, wallet: 'contract' as const, asset: 'USDT' });

export class PositionChanges {
  constructor(
    private readonly context: BatchContext,
    private readonly batch: BatchPort,
  ) {}

  /** The caller's open position, or `position_not_found` for any other. */
  owned(userId: number, positionId: number): PositionState {
    const position = this.#here(this.context.state.positions.get(positionId));
    if (!position || position.userId !== userId) throw new BusinessError('position_not_found');
    return position;
  }

  /** The position if it is of this batch's market: another market's is its own writer's. */
  #here(position: PositionState | undefined): PositionState | undefined {
    return position && this.context.books.has(position.symbol) ? position : undefined;
  }

  #market(position: PositionState): ContractMarket {
    return this.context.markets.get(position.symbol) as ContractMarket;
  }

  #liquidationPrice(position: PositionState): bigint | null {
    const backing = backingOf(this.context, position, this.context.balances.total(position.userId));
    return liquidationPrice(this.#market(position).brackets, asPosition(position), backing);
  }

  tpsl(command: Extract<PositionCommand, { kind: 'tpsl' }>): PositionState {
    const position = this.owned(command.userId, command.positionId);
    const problem = tpSlProblem(
      {
        direction: position.direction,
        entry: asPosition(position).entryPrice,
        mark: this.context.marks.latest(position.symbol),
        liquidation: this.#liquidationPrice(position),
      },
      command.tpPrice,
      command.slPrice,
    );
    if (problem) throw new BusinessError(problem);
    if (command.quantity !== null && command.quantity > position.quantity) {
      throw new BusinessError('close_exceeds_position');
    }
    position.tpPrice = command.tpPrice;
    position.slPrice = command.slPrice;
    position.tpslQuantity = command.quantity;
    this.batch.touchPosition(position);
    this.batch.markMoved();
    return position;
  }

  /**
   * Adds to or removes from an isolated position's margin. What can be removed keeps the margin,
   * less any unrealized loss, at or above the initial margin at the mark.
   */
  margin(command: Extract<PositionCommand, { kind: 'margin' }>): PositionState {
    const position = this.owned(command.userId, command.positionId);
    if (position.marginMode !== 'isolated') throw new BusinessError('margin_mode_cross');
    // What the position owes a round under way comes out of the margin first, so what may be
    // removed is judged on what stays (a payment owed is paid even if the change is refused).
    this.batch.settleFunding(position);
    const { amount } = command;
    const legs = new Legs();
    if (command.action === 'add') {
      if (this.context.balances.available(command.userId) < amount) {
        throw new BusinessError('balance_insufficient');
      }
      position.margin += amount;
      legs.add(wallet(command.userId), 'available', -amount);
      legs.add(wallet(command.userId), 'frozen', amount);
    } else {
      const removable = this.removable(position);
      if (amount > removable) {
        throw new BusinessError('margin_remove_too_much', {
          amount: `${displayAmount(removable)} USDT`,
        });
      }
      position.margin -= amount;
      legs.add(wallet(command.userId), 'frozen', -amount);
      legs.add(wallet(command.userId), 'available', amount);
    }
    this.batch.post(
      legs.posting(
        `contract.margin.${command.action}`,
        marginReference.build({ position: position.id, n: this.context.nextOrderId() }),
      ),
    );
    this.batch.touchPosition(position);
    this.batch.markMoved();
    return position;
  }

  /** What may leave an isolated position's margin now (0 without a fresh mark). */
  removable(position: PositionState): bigint {
    const mark = this.context.marks.fresh(position.symbol);
    if (mark === null) return 0n;
    const loss = unrealizedPnl(asPosition(position), mark);
    const required = initialMargin(position.quantity, mark, position.leverage);
    const free = position.margin + (loss < 0n ? loss : 0n) - required;
    return free > 0n ? free : 0n;
  }

  /**
   * Changes the leverage of the caller's position in a market: within the bracket its size is
   * in; the margin it needs at the new leverage (initial margin of what it was opened at) is
   * frozen from or released to the wallet, for isolated margin only where it is short of that.
   */
  leverage(command: Extract<PositionCommand, { kind: 'leverage' }>): void {
    const market = this.context.markets.get(command.symbol);
    if (!market || !this.context.books.has(command.symbol)) {
      throw new BusinessError('market_unknown');
    }
    const opening = this.context.state
      .ordersOf(command.userId, command.symbol)
      .filter((order) => !order.reduceOnly);
    if (opening.length > 0) throw new BusinessError('contract_settings_locked');
    const position = this.context.state.positionOf(command.userId, command.symbol);
    if (!position || position.leverage === command.leverage) return;
    this.batch.settleFunding(position);
    const mark = this.context.marks.latest(command.symbol) ?? asPosition(position).entryPrice;
    const bracket = bracketFor(market.brackets, notional(position.quantity, mark));
    if (command.leverage > bracket.maxLeverage) {
      throw new BusinessError('leverage_too_high_for_position', { count: bracket.maxLeverage });
    }
    const needed = initialMarginOfCost(position.cost, command.leverage);
    const change =
      position.marginMode === 'cross'
        ? needed - position.margin
        : needed > position.margin
          ? needed - position.margin
          : 0n;
    if (change > 0n && this.context.balances.available(command.userId) < change) {
      throw new BusinessError('margin_insufficient', { amount: `${displayAmount(change)} USDT` });
    }
    const legs = new Legs();
    legs.add(wallet(command.userId), 'available', -change);
    legs.add(wallet(command.userId), 'frozen', change);
    this.batch.post(
      legs.posting(
        'contract.leverage',
        leverageReference.build({ position: position.id, n: this.context.nextOrderId() }),
      ),
    );
    position.margin += change;
    position.leverage = command.leverage;
    this.batch.touchPosition(position);
    this.batch.markMoved();
  }

  /**
   * Closes the positions (or the quantity set) whose take-profit or stop-loss the fresh mark has
   * reached with a reduce-only market order each, and clears both: a trigger fires once, filled
   * or not.
   */
  trigger(positionIds: readonly number[]): number[] {
    const fired: number[] = [];
    for (const id of positionIds) {
      const position = this.#here(this.context.state.positions.get(id));
      if (!position) continue;
      const mark = this.context.marks.fresh(position.symbol);
      if (mark === null) continue;
      const which = tpSlTriggered(position.direction, mark, position.tpPrice, position.slPrice);
      if (which === null) continue;
      const quantity = smaller(position.tpslQuantity ?? position.quantity, position.quantity);
      position.tpPrice = null;
      position.slPrice = null;
      position.tpslQuantity = null;
      this.batch.touchPosition(position);
      this.batch.markMoved();
      try {
        this.batch.place({
          userId: position.userId,
          symbol: position.symbol,
          side: position.direction === 'long' ? 'sell' : 'buy',
          type: 'market',
          price: null,
          quantity: quantityUnits(this.#market(position), quantity),
          leverage: position.leverage,
          marginMode: position.marginMode,
          reduceOnly: true,
          purpose: which,
        });
      } catch (error) {
        // An empty book refuses the order: the trigger is spent, the position stays open.
        if (!(error instanceof BusinessError)) throw error;
      }
      fired.push(id);
    }
    return fired;
  }
}
