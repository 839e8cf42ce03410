// The liquidity provider's ladder in one market, inside a batch of the contract engine: the
// quotes it wants are compared with its resting orders, those that still match stay, the others
// are cancelled, and the missing ones are placed. A quote it cannot pay for is left out alone.
import { BusinessError } from '../http/business-error.ts';
import type { Quote } from '../market-kernel/liquidity/ladder.ts';
import type { OrderBook } from '../matching/order-book.ts';
import type { ContractCommand } from './batch-commands.ts';
import type { BatchContext, BatchPort } from './batch-types.ts';

/** Sets the provider's ladder; answers the ids of its orders that now rest. */
export function requote(
  context: BatchContext,
  batch: Pick<BatchPort, 'place' | 'cancel'>,
  command: Extract<ContractCommand, { kind: 'requote' }>,
): number[] {
  const { userId, symbol, quotes, leverage } = command;
  const mine = context.state.ordersOf(userId, symbol);
  const ids = command.resting ?? mine.map((order) => order.id);
  const resting = mine.filter((order) => ids.includes(order.id));
  const wanted = new Map(quotes.map((quote) => [quoteKey(quote), quote]));
  const kept: number[] = [];
  for (const order of resting) {
    const book = context.books.get(symbol) as OrderBook;
    const left = book.order(order.id)?.remaining ?? 0;
    if (wanted.delete(quoteKey({ side: order.side, price: order.price, quantity: left }))) {
      kept.push(order.id);
    } else batch.cancel(order, 'user');
  }
  for (const quote of wanted.values()) {
    try {
      const placed = batch.place({
        userId,
        symbol,
        type: 'limit',
        ...quote,
        leverage,
        marginMode: 'cross',
        reduceOnly: false,
        purpose: 'user',
      });
      if (context.state.orders.has(placed.id)) kept.push(placed.id);
    } catch (error) {
      // A quote the provider cannot pay for is left out; the rest of its ladder stands.
      if (!(error instanceof BusinessError)) throw error;
    }
  }
  return kept;
}

function quoteKey(quote: Quote): string {
  return `${quote.side}:${quote.price}:${quote.quantity}`;
}
