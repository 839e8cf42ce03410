// The contract engine's memory as its writers per market share it (server/contract/engine-state.ts,
// command-routing.ts): reading one market back from the database replaces that market's orders and
// positions and nothing of the others', whatever either side holds; and a command naming an order
// or a position goes to the market that holds it, or to none when no market does.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractCommand } from '../../server/contract/batch-commands.ts';
import { symbolOf } from '../../server/contract/command-routing.ts';
import { EngineState, newPosition, type OrderState } from '../../server/contract/engine-state.ts';

const symbols = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;

/** Entries of a memory: each an order or a position, of a user in a market. */
const entries = fc.array(
  fc.record({
    kind: fc.constantFrom('order', 'position'),
    userId: fc.integer({ min: 1, max: 4 }),
    symbol: fc.constantFrom(...symbols),
  }),
  { maxLength: 25 },
);

function order(id: number, userId: number, symbol: string): OrderState {
  return {
    id,
    userId,
    symbol,
    side: 'buy',
    type: 'limit',
    purpose: 'user',
    price: 100,
    quantity: 1,
    leverage: 10,
    marginMode: id % 2 === 0 ? 'cross' : 'isolated',
    reduceOnly: false,
    tpPrice: null,
    slPrice: null,
    filledQuantity: 0n,
    filledValue: 0n,
    fee: 0n,
    realizedPnl: 0n,
    frozen: BigInt(id),
    status: 'open',
    cancelReason: null,
    createdAt: new Date(0),
  };
}

/** A memory of the entries, ids from `firstId`; one open position per user and market. */
function memoryOf(
  list: readonly { kind: 'order' | 'position'; userId: number; symbol: string }[],
  firstId: number,
): EngineState {
  const state = new EngineState();
  list.forEach(({ kind, userId, symbol }, i) => {
    const id = firstId + i;
    if (kind === 'order') state.addOrder(order(id, userId, symbol));
    else if (!state.positionOf(userId, symbol)) {
      state.addPosition(
        newPosition({
          id,
          userId,
          symbol,
          direction: 'long',
          marginMode: 'cross',
          leverage: 10,
          openedAt: new Date(0),
        }),
      );
    }
  });
  return state;
}

/** What a memory holds of one market, as ids. */
function marketIds(state: EngineState, symbol: string) {
  return {
    orders: [...state.orders.values()].filter((o) => o.symbol === symbol).map((o) => o.id),
    positions: [...state.positions.values()].filter((p) => p.symbol === symbol).map((p) => p.id),
  };
}

describe('the memory the writers per market share', () => {
  it('reads one market back without touching the others', () => {
    fc.assert(
      fc.property(entries, entries, fc.constantFrom(...symbols), (held, read, adopted) => {
        const state = memoryOf(held, 1);
        const fromDatabase = memoryOf(
          read.filter((entry) => entry.symbol === adopted),
          1_000,
        );
        const before = new Map(symbols.map((symbol) => [symbol, marketIds(state, symbol)]));
        state.adopt(new Set([adopted]), fromDatabase);
        for (const symbol of symbols) {
          expect(marketIds(state, symbol)).toEqual(
            symbol === adopted ? marketIds(fromDatabase, symbol) : before.get(symbol),
          );
        }
        // The per-user indexes follow: every order and position of a user is found by the user.
        for (const userId of [1, 2, 3, 4]) {
          expect(
            state
              .ordersOf(userId)
              .map((o) => o.id)
              .sort(),
          ).toEqual(
            [...state.orders.values()]
              .filter((o) => o.userId === userId)
              .map((o) => o.id)
              .sort(),
          );
          expect(
            state
              .positionsOf(userId)
              .map((p) => p.id)
              .sort(),
          ).toEqual(
            [...state.positions.values()]
              .filter((p) => p.userId === userId)
              .map((p) => p.id)
              .sort(),
          );
        }
      }),
    );
  });

  it('routes a command naming an order or a position to the market that holds it', () => {
    fc.assert(
      fc.property(entries, fc.integer({ min: 1, max: 40 }), (held, id) => {
        const state = memoryOf(held, 1);
        const orderMarket = state.orders.get(id)?.symbol;
        const positionMarket = state.positions.get(id)?.symbol;
        const cancel: ContractCommand = { kind: 'cancel', userId: 1, orderId: id };
        const margin: ContractCommand = {
          kind: 'margin',
          userId: 1,
          positionId: id,
          action: 'add',
          amount: 1n,
        };
        const liquidate: ContractCommand = { kind: 'liquidate', positionIds: [10_000, id] };
        expect(symbolOf(cancel, state)).toBe(orderMarket);
        expect(symbolOf(margin, state)).toBe(positionMarket);
        // A closed position's id before a held one does not send the command nowhere.
        expect(symbolOf(liquidate, state)).toBe(positionMarket);
      }),
    );
  });
});
