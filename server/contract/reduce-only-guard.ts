// What a resting reduce-only order may still trade while matching reaches it: what its owner's
// position holds, less what the owner's other orders on the same side closed earlier in the same
// match. The book asks before each fill (server/matching/order-book.ts `MakerGuard`), so a
// reduce-only order is capped or cancelled there and never opens a position.
import type { MakerGuard } from '../matching/order-book.ts';
import { directionOf } from './batch-types.ts';
import { type ContractMarket, quantityUnits } from './contract-markets.ts';
import type { EngineState } from './engine-state.ts';

export class ReduceOnlyGuard implements MakerGuard {
  /** Units each user's resting orders closed in this match. */
  readonly #closed = new Map<number, number>();

  constructor(
    private readonly state: EngineState,
    private readonly market: ContractMarket,
  ) {}

  room(orderId: number, userId: number, remaining: number): number {
    const order = this.state.orders.get(orderId);
    if (!order?.reduceOnly) return remaining;
    const position = this.state.positionOf(userId, this.market.symbol);
    if (!position || position.direction === directionOf(order.side)) return 0;
    const left = quantityUnits(this.market, position.quantity) - (this.#closed.get(userId) ?? 0);
    return Math.max(0, Math.min(remaining, left));
  }

  filled(orderId: number, userId: number, quantity: number): void {
    const order = this.state.orders.get(orderId);
    const position = this.state.positionOf(userId, this.market.symbol);
    if (!order || !position || position.direction === directionOf(order.side)) return;
    this.#closed.set(userId, (this.#closed.get(userId) ?? 0) + quantity);
  }
}
