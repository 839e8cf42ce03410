// Conservation in the contract engine: random streams of opening and closing orders (limit and
// market, isolated and cross, several leverages), cancels, margin added and removed, leverage
// changed, take-profits and stop-losses set, mark moves with gaps, liquidation sweeps and
// triggers from a few users of BTCUSDT run through the engine's batch exactly as the writer runs
// them, each command its own batch, with every posting applied to an in-memory ledger and the
// writer's cover for a cross wallet applied as it applies it. After every command:
// - every posting balances and every asset sums to zero across all accounts;
// - no user balance is below zero, and only a cross wallet ever needed the insurance fund's cover;
// - each user's frozen money is exactly what their resting orders hold plus their positions'
//   margins;
// - longs and shorts hold the same quantity;
// - the clearing account holds Σ short cost − Σ long cost: the open positions' unrealized PnL at
//   any price, so it is back to zero when every position is closed;
// - after a fresh mark's liquidation sweep, no open position is at or past its liquidation price;
// - the public book, fed only the levels each batch says it touched, shows every level of the
//   engine's book at its quantity and no other.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLiquidated } from '../../core/contract/margin.ts';
import { asPosition } from '../../core/contract/position-book.ts';
import { backingOf } from '../../server/contract/backing.ts';
import type { ContractCommand } from '../../server/contract/batch-commands.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import { ContractBalances } from '../../server/contract/contract-balances.ts';
import { ContractBatch } from '../../server/contract/contract-batch.ts';
import { contractMarketOf, priceAtoms } from '../../server/contract/contract-markets.ts';
import { EngineState } from '../../server/contract/engine-state.ts';
import { MarkBoard } from '../../server/contract/mark-board.ts';
import { PublicBooks } from '../../server/contract/public-books.ts';
import { accountKey } from '../../server/ledger/accounts.ts';
import type { Posting } from '../../server/ledger/post.ts';
import { assertBalanced } from '../../server/ledger/write-postings.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { everyLevel } from '../../server/matching/book-levels.ts';
import { OrderBook } from '../../server/matching/order-book.ts';

const spec = knownMarkets.find((candidate) => candidate.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
const markets = new Map([[market.symbol, market]]);
const users = [1, 2, 3, 4, 5, 6];
/** Users 1–3 trade isolated, 4–6 cross; each keeps one leverage so no order is refused for it. */
const modeOf = (user: number): 'isolated' | 'cross' => (user <= 3 ? 'isolated' : 'cross');
const leverageOf = (user: number) => [0, 2, 10, 50, 3, 20, 100][user] as number;
/** Isolated traders hold plenty; cross ones little, so a move can reach their whole wallet. */
const startOf = (user: number) => (modeOf(user) === 'isolated' ? 100_000n : 3_000n) * 100_000_000n;
const mid = 10_000_000; // 100000.00 in price units

type Step =
  | { kind: 'open'; user: number; long: boolean; limit: boolean; offset: number; lots: number }
  | { kind: 'close'; user: number; limit: boolean; offset: number; part: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'mark'; move: number; stale: boolean }
  | { kind: 'margin'; user: number; add: boolean; amount: number }
  | { kind: 'leverage'; user: number; leverage: number }
  | { kind: 'tpsl'; user: number; tp: number; sl: number; part: number };

const user = fc.constantFrom(...users);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('open' as const),
      user,
      long: fc.boolean(),
      limit: fc.boolean(),
      offset: fc.integer({ min: -300_000, max: 300_000 }),
      lots: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      user,
      limit: fc.boolean(),
      offset: fc.integer({ min: -300_000, max: 300_000 }),
      part: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('margin' as const),
      user,
      add: fc.boolean(),
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user,
      leverage: fc.constantFrom(1, 2, 5, 10, 20, 50, 100),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('tpsl' as const),
      user,
      tp: fc.integer({ min: 1, max: 300 }),
      sl: fc.integer({ min: 1, max: 300 }),
      // 1: the whole position; more: that share of it.
      part: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('mark' as const),
      // Up to ±30 % in one step: gaps that jump past liquidation prices.
      move: fc.integer({ min: -300, max: 300 }),
      // Now and then the index goes stale: liquidation and opening wait, closing does not.
      stale: fc.integer({ min: 0, max: 9 }).map((draw) => draw === 0),
    }),
  },
);

class Ledger {
  readonly accounts = new Map<string, { available: bigint; frozen: bigint }>();
  covered = new Set<number>();

  apply(posting: Posting): void {
    assertBalanced(posting);
    for (const leg of posting.legs) {
      const key = accountKey(leg.account);
      const account = this.accounts.get(key) ?? { available: 0n, frozen: 0n };
      account[leg.bucket] += leg.amount;
      this.accounts.set(key, account);
    }
  }

  wallet(userId: number) {
    return this.accounts.get(`u:${userId}:contract:USDT`) ?? { available: 0n, frozen: 0n };
  }

  /** A system account's USDT, summed over its shards (a market's each, for clearing and fees). */
  system(name: string): bigint {
    let total = 0n;
    for (const [key, account] of this.accounts) {
      if (key === `s:${name}:USDT` || (key.startsWith(`s:${name}@`) && key.endsWith(':USDT'))) {
        total += account.available;
      }
    }
    return total;
  }
}

function run(steps: readonly Step[]): void {
  const ledger = new Ledger();
  for (const id of users) {
    const start = startOf(id);
    ledger.apply({
      kind: 'deposit',
      reference: `seed:${id}`,
      legs: [
        {
          account: { system: 'external_deposits', asset: 'USDT' },
          bucket: 'available',
          amount: -start,
        },
        {
          account: { user: id, wallet: 'contract', asset: 'USDT' },
          bucket: 'available',
          amount: start,
        },
      ],
    });
  }
  const state = new EngineState();
  const book = new OrderBook({ ...market.rules, minNotional: 0 });
  const marks = new MarkBoard();
  let mark = mid;
  marks.set(market.symbol, { price: priceAtoms(market, mark), at: new Date(0), fresh: true });
  let ids = 0;
  const shown = new PublicBooks([market.symbol]);

  const command = (entry: ContractCommand): void => {
    const balances = new ContractBalances();
    for (const id of users) {
      const wallet = ledger.wallet(id);
      balances.set(id, wallet.available, wallet.frozen);
    }
    const batch = new ContractBatch({
      markets,
      books: new Map([[market.symbol, book]]),
      state,
      accounts: state,
      marks,
      balances,
      nextOrderId: () => ++ids,
      nextPositionId: () => ++ids,
      now: new Date(0),
      marketBandPpm: 50_000,
    });
    batch.run(entry);
    shown.committed({ ts: 0, effects: batch.effects, balances: [] }, () => book);
    for (const posting of batch.effects.postings) ledger.apply(posting);
    // The writer's cover: a wallet the batch left below zero is made whole by the insurance fund.
    for (const id of users) {
      const wallet = ledger.wallet(id);
      if (wallet.available >= 0n) continue;
      ledger.covered.add(id);
      ledger.apply({
        kind: 'contract.shortfall',
        reference: `cover:${ids}:${id}`,
        legs: [
          {
            account: { user: id, wallet: 'contract', asset: 'USDT' },
            bucket: 'available',
            amount: -wallet.available,
          },
          {
            account: { system: 'insurance', asset: 'USDT' },
            bucket: 'available',
            amount: wallet.available,
          },
        ],
      });
    }
  };

  const order = (userId: number, fields: Partial<NewContractOrder>): NewContractOrder => ({
    userId,
    symbol: market.symbol,
    side: 'buy',
    type: 'limit',
    price: null,
    quantity: 1,
    leverage: state.positionOf(userId, market.symbol)?.leverage ?? leverageOf(userId),
    marginMode: modeOf(userId),
    reduceOnly: false,
    purpose: 'user',
    ...fields,
  });

  for (const entry of steps) {
    if (entry.kind === 'open') {
      const price = Math.max(1, mark + entry.offset);
      command({
        kind: 'open',
        order: order(entry.user, {
          side: entry.long ? 'buy' : 'sell',
          type: entry.limit ? 'limit' : 'market',
          price: entry.limit ? price : null,
          quantity: entry.lots,
        }),
      });
    } else if (entry.kind === 'close') {
      const position = state.positionOf(entry.user, market.symbol);
      if (!position) continue;
      const lots = Number(position.quantity / 1000n);
      const quantity = Math.max(1, Math.floor(lots / entry.part));
      command({
        kind: 'open',
        order: order(entry.user, {
          side: position.direction === 'long' ? 'sell' : 'buy',
          type: entry.limit ? 'limit' : 'market',
          price: entry.limit ? Math.max(1, mark + entry.offset) : null,
          quantity,
          reduceOnly: true,
        }),
      });
    } else if (entry.kind === 'cancel') {
      const mine = state.ordersOf(entry.user);
      const picked = mine[entry.pick % Math.max(1, mine.length)];
      if (picked) command({ kind: 'cancel', userId: entry.user, orderId: picked.id });
    } else if (entry.kind === 'margin') {
      const position = state.positionOf(entry.user, market.symbol);
      if (!position) continue;
      command({
        kind: 'margin',
        userId: entry.user,
        positionId: position.id,
        action: entry.add ? 'add' : 'remove',
        amount: BigInt(entry.amount) * 100_000_000n,
      });
    } else if (entry.kind === 'leverage') {
      command({
        kind: 'leverage',
        userId: entry.user,
        symbol: market.symbol,
        leverage: entry.leverage,
      });
    } else if (entry.kind === 'tpsl') {
      const position = state.positionOf(entry.user, market.symbol);
      if (!position) continue;
      // Within ±30 % of the mark, on either side: some are refused, the rest may trigger.
      const at = (per: number, up: boolean) =>
        priceAtoms(market, Math.round((mark * (1000 + (up ? per : -per))) / 1000));
      const long = position.direction === 'long';
      command({
        kind: 'tpsl',
        userId: entry.user,
        positionId: position.id,
        tpPrice: at(entry.tp, long),
        slPrice: at(entry.sl, !long),
        quantity:
          entry.part === 1
            ? null
            : (position.quantity / BigInt(entry.part) / 1000n) * 1000n || null,
      });
    } else {
      mark = Math.max(100_000, Math.round((mark * (1000 + entry.move)) / 1000));
      marks.set(market.symbol, {
        price: priceAtoms(market, mark),
        at: new Date(0),
        fresh: !entry.stale,
      });
      // A liquidation's order may fill a bid far from the mark and open a position already past
      // its own price: the next sweep takes it, as the next mark round does.
      for (let sweep = 0; sweep < 5; sweep++) {
        command({ kind: 'liquidate', positionIds: [...state.positions.keys()] });
      }
      if (!entry.stale) expectNonePastLiquidation(ledger, state, marks);
      command({ kind: 'trigger', positionIds: [...state.positions.keys()] });
    }
    check(ledger, state);
    expectShownBook(shown, book);
  }
}

function expectShownBook(shown: PublicBooks, book: OrderBook): void {
  shown.drain();
  const depth = shown.book(market.symbol)?.depth.snapshot(Number.MAX_SAFE_INTEGER);
  expect(depth?.bids).toEqual(everyLevel(book, 'buy'));
  expect(depth?.asks).toEqual(everyLevel(book, 'sell'));
}

/**
 * After the sweeps at a fresh mark, no open position is at or past its liquidation price: the
 * engine liquidated exactly what the formula the screen shows says it must.
 */
function expectNonePastLiquidation(ledger: Ledger, state: EngineState, marks: MarkBoard): void {
  const mark = marks.fresh(market.symbol);
  if (mark === null) return;
  for (const position of state.positions.values()) {
    const wallet = ledger.wallet(position.userId);
    const backing = backingOf(
      { accounts: state, marks, markets },
      position,
      wallet.available + wallet.frozen,
    );
    expect(isLiquidated(market.brackets, asPosition(position), backing, mark)).toBe(false);
  }
}

function check(ledger: Ledger, state: EngineState): void {
  const sums = new Map<string, bigint>();
  for (const [key, account] of ledger.accounts) {
    const asset = key.split(':').at(-1) as string;
    sums.set(asset, (sums.get(asset) ?? 0n) + account.available + account.frozen);
  }
  for (const total of sums.values()) expect(total).toBe(0n);
  let long = 0n;
  let short = 0n;
  let clearing = 0n;
  for (const id of users) {
    const wallet = ledger.wallet(id);
    expect(wallet.available).toBeGreaterThanOrEqual(0n);
    const held =
      state.ordersOf(id).reduce((sum, order) => sum + order.frozen, 0n) +
      state.positionsOf(id).reduce((sum, position) => sum + position.margin, 0n);
    expect(wallet.frozen).toBe(held);
    for (const position of state.positionsOf(id)) {
      if (position.direction === 'long') {
        long += position.quantity;
        clearing -= position.cost;
      } else {
        short += position.quantity;
        clearing += position.cost;
      }
    }
  }
  expect(long).toBe(short);
  expect(ledger.system('contract_clearing')).toBe(clearing);
  for (const id of ledger.covered) expect(modeOf(id)).toBe('cross');
}

/**
 * A position closed by its owner's other bid while its reduce-only bid rests behind it: the
 * reduce-only bid must be cancelled in the same match, not fill and open a position.
 */
const reduceOnlyBehindAnotherOrder: Step[] = [
  { kind: 'open', user: 1, long: true, limit: true, offset: 0, lots: 5 },
  { kind: 'open', user: 5, long: false, limit: false, offset: 0, lots: 5 },
  { kind: 'close', user: 5, limit: true, offset: 0, part: 1 },
  { kind: 'open', user: 5, long: true, limit: true, offset: 1, lots: 5 },
  { kind: 'open', user: 1, long: false, limit: false, offset: 0, lots: 6 },
];

describe('contract engine conservation', () => {
  it('keeps the ledger, the margins and both sides of every position in balance', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 120 }), (steps) => run(steps)),
      { numRuns: 300, examples: [[reduceOnlyBehindAnotherOrder]] },
    );
  });
});
