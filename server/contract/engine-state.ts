// What the contract engine keeps in memory between batches: each market's book, the resting
// orders with the terms the book does not know (leverage, margin mode, reduce-only, what they hold
// frozen), every open position, and the funding rounds under way. Each market's writer is the only
// writer of that market's entries, so memory and database agree after each of its commits; after
// a failed batch the market's entries are read again from the database (`adopt`).
import type { PositionAmounts } from '../../core/contract/position-book.ts';
import type { ContractCloseReason, MarginMode } from '../../schemas/api/contract.schema.ts';
import type { Side } from '../matching/events.ts';
import { FundingRounds } from './funding-rounds.ts';

export type OrderPurpose = 'user' | 'tp' | 'sl' | 'liquidation' | 'adl';
export type ContractOrderStatus = 'open' | 'partially_filled' | 'filled' | 'cancelled';
export type ContractCancelReason =
  | 'user'
  | 'self_trade'
  | 'unfilled'
  | 'reduce_only'
  | 'liquidation';

export interface OrderState {
  id: number;
  userId: number;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  purpose: OrderPurpose;
  /** The limit, in the market's units (for a market order the protective limit it ran with). */
  price: number;
  /** In the market's units. */
  quantity: number;
  leverage: number;
  marginMode: MarginMode;
  reduceOnly: boolean;
  /** Take-profit and stop-loss (quote atoms per coin) it sets on its position once it fills. */
  tpPrice: bigint | null;
  slPrice: bigint | null;
  /** Base atoms filled so far, their value and the fees and PnL they made, USDT atoms. */
  filledQuantity: bigint;
  filledValue: bigint;
  fee: bigint;
  realizedPnl: bigint;
  /** What the order still holds frozen in the contract wallet. */
  frozen: bigint;
  status: ContractOrderStatus;
  cancelReason: ContractCancelReason | null;
  createdAt: Date;
}

export interface PositionState extends PositionAmounts {
  id: number;
  userId: number;
  symbol: string;
  marginMode: MarginMode;
  leverage: number;
  openFee: bigint;
  closingFee: bigint;
  realizedPnl: bigint;
  fundingFee: bigint;
  closedQuantity: bigint;
  closedValue: bigint;
  /** Quote atoms per coin. */
  tpPrice: bigint | null;
  slPrice: bigint | null;
  /** Base atoms a take-profit or stop-loss closes; null: the whole position. */
  tpslQuantity: bigint | null;
  status: 'open' | 'closed';
  closeReason: ContractCloseReason | null;
  openedAt: Date;
  closedAt: Date | null;
}

/** A position as it opens: nothing held, paid or closed yet. */
export function newPosition(
  terms: Pick<
    PositionState,
    'id' | 'userId' | 'symbol' | 'direction' | 'marginMode' | 'leverage' | 'openedAt'
  >,
): PositionState {
  return {
    ...terms,
    quantity: 0n,
    cost: 0n,
    margin: 0n,
    openFee: 0n,
    closingFee: 0n,
    realizedPnl: 0n,
    fundingFee: 0n,
    closedQuantity: 0n,
    closedValue: 0n,
    tpPrice: null,
    slPrice: null,
    tpslQuantity: null,
    status: 'open',
    closeReason: null,
    closedAt: null,
  };
}

export class EngineState {
  /** The funding rounds under way, paid a slice at a time. */
  readonly funding = new FundingRounds<PositionState>();
  /** Resting orders by id. */
  readonly orders = new Map<number, OrderState>();
  /** Open positions by id. */
  readonly positions = new Map<number, PositionState>();
  readonly #open = new Map<string, PositionState>();
  readonly #byUser = new Map<number, Set<PositionState>>();
  readonly #ordersByUser = new Map<number, Set<OrderState>>();

  /** The user's open position in `symbol`. */
  positionOf(userId: number, symbol: string): PositionState | undefined {
    return this.#open.get(`${userId}:${symbol}`);
  }

  positionsOf(userId: number): readonly PositionState[] {
    return [...(this.#byUser.get(userId) ?? [])];
  }

  /** The user's resting orders, in `symbol` or in every market. */
  ordersOf(userId: number, symbol?: string): OrderState[] {
    const mine = [...(this.#ordersByUser.get(userId) ?? [])];
    return symbol === undefined ? mine : mine.filter((order) => order.symbol === symbol);
  }

  /** What the user's resting isolated-margin orders hold frozen, in every market. */
  isolatedOrderHolds(userId: number): bigint {
    let held = 0n;
    for (const order of this.#ordersByUser.get(userId) ?? []) {
      if (order.marginMode === 'isolated') held += order.frozen;
    }
    return held;
  }

  /**
   * Replaces the markets' orders, positions and funding rounds with `read`'s (read back from the
   * database for those markets alone): the other markets' entries, which their own writers keep,
   * stay as they are.
   */
  adopt(symbols: ReadonlySet<string>, read: EngineState): void {
    for (const order of [...this.orders.values()]) {
      if (symbols.has(order.symbol)) this.removeOrder(order);
    }
    for (const position of [...this.positions.values()]) {
      if (symbols.has(position.symbol)) this.removePosition(position);
    }
    for (const order of read.orders.values()) this.addOrder(order);
    for (const position of read.positions.values()) this.addPosition(position);
    this.funding.adopt(symbols, read.funding);
  }

  addOrder(order: OrderState): void {
    this.orders.set(order.id, order);
    setOf(this.#ordersByUser, order.userId).add(order);
  }

  removeOrder(order: OrderState): void {
    this.orders.delete(order.id);
    const mine = this.#ordersByUser.get(order.userId);
    mine?.delete(order);
    if (mine?.size === 0) this.#ordersByUser.delete(order.userId);
  }

  addPosition(position: PositionState): void {
    this.positions.set(position.id, position);
    this.#open.set(`${position.userId}:${position.symbol}`, position);
    setOf(this.#byUser, position.userId).add(position);
  }

  removePosition(position: PositionState): void {
    this.positions.delete(position.id);
    this.#open.delete(`${position.userId}:${position.symbol}`);
    const mine = this.#byUser.get(position.userId);
    mine?.delete(position);
    if (mine?.size === 0) this.#byUser.delete(position.userId);
  }
}

function setOf<T>(map: Map<number, Set<T>>, key: number): Set<T> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}
