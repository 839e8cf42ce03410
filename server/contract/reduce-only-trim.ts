// Keeps a resting reduce-only order from ever opening a position: when a fill or a close shrinks
// a position, the batch notes its user and market, and after the command cancels the reduce-only
// orders that no longer fit what they reduce, newest first.
import type { OrderBook } from '../matching/order-book.ts';
import { type BatchContext, type BatchPort, directionOf } from './batch-types.ts';
import { type ContractMarket, quantityAtoms } from './contract-markets.ts';

export class ReduceOnlyTrim {
  /** Users whose reduce-only orders may now exceed their position, as `user:symbol`. */
  readonly #pending = new Set<string>();

  constructor(
    private readonly context: BatchContext,
    private readonly batch: Pick<BatchPort, 'cancel'>,
  ) {}

  /** The user's position in the market shrank or closed: its reduce-only orders are checked. */
  note(userId: number, symbol: string): void {
    this.#pending.add(`${userId}:${symbol}`);
  }

  /** Cancels the noted reduce-only orders that no longer fit their position, newest first. */
  run(): void {
    for (const key of this.#pending) {
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
        else this.batch.cancel(order, 'reduce_only');
      }
    }
    this.#pending.clear();
  }
}
