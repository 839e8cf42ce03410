// Every level of a side of a matching book as `[price, quantity]` in units: what a rebuilt book
// publishes as its snapshot (the gateway sends the best of them).
import type { Side } from './events.ts';
import type { OrderBook } from './order-book.ts';

export function everyLevel(book: OrderBook, side: Side): [price: number, quantity: number][] {
  return book.depth(side, Number.MAX_SAFE_INTEGER).map((level) => [level.price, level.quantity]);
}
