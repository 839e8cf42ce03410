// The contract engine's memory read back from the database, at start and after a failed batch:
// each market's book with its resting orders, the open positions and the funding rounds under way.
import type { Db } from '../db/database.ts';
import { OrderBook } from '../matching/order-book.ts';
import type { ContractMarket } from './contract-markets.ts';
import { openPositions, remainingUnits, restingOrders } from './contract-store.ts';
import { EngineState } from './engine-state.ts';
import { readFunding } from './funding-store.ts';

export interface EngineMemory {
  books: Map<string, OrderBook>;
  state: EngineState;
}

/** Reads the books, positions and funding rounds of the markets from the database. */
export async function readMemory(
  db: Db,
  markets: ReadonlyMap<string, ContractMarket>,
): Promise<EngineMemory> {
  const books = new Map<string, OrderBook>();
  for (const market of markets.values()) {
    // Reduce-only orders may be below the minimum value, so the book does not check it; opening
    // orders are checked before they reach it.
    books.set(market.symbol, new OrderBook({ ...market.rules, minNotional: 0 }));
  }
  const state = new EngineState();
  for (const order of await restingOrders(db, markets)) {
    const book = books.get(order.symbol) as OrderBook;
    const market = markets.get(order.symbol) as ContractMarket;
    const count = book.limit(
      order.id,
      order.userId,
      order.side,
      order.price,
      remainingUnits(order, market),
    );
    if (count !== 1 || book.events[0]?.kind !== 'rest') {
      throw new Error(`${order.symbol}: resting contract order ${order.id} does not rest`);
    }
    state.addOrder(order);
  }
  for (const position of await openPositions(db, [...markets.keys()])) state.addPosition(position);
  await readFunding(db, state, [...markets.keys()]);
  return { books, state };
}
