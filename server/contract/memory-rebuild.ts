// The contract engine's memory read back from the database, at start and after a failed batch:
// each market's book with its resting orders, the open positions, the funding rounds under way,
// and the last order and position ids given out (the engine is the only writer of both tables
// and counts them itself).
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { OrderBook } from '../matching/order-book.ts';
import type { ContractMarket } from './contract-markets.ts';
import { openPositions, remainingUnits, restingOrders } from './contract-store.ts';
import { EngineState } from './engine-state.ts';
import { readFunding } from './funding-store.ts';

export interface EngineMemory {
  books: Map<string, OrderBook>;
  state: EngineState;
  lastOrderId: number;
  lastPositionId: number;
}

/** Reads the books, positions and funding rounds of the markets, and the last ids, from the database. */
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
  const last = await sql<{ orders: string; positions: string }>`
    select (select coalesce(max(id), 0) from contract_orders)::text as orders,
      (select coalesce(max(id), 0) from contract_positions)::text as positions`.execute(db);
  return {
    books,
    state,
    lastOrderId: Number(last.rows[0]?.orders ?? 0),
    lastPositionId: Number(last.rows[0]?.positions ?? 0),
  };
}
