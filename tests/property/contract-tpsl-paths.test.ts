// A take-profit and a stop-loss are judged the same wherever they are set. Over random positions
// (direction, leverage, quantity, entry, mark, margin mode, wallet) and random take-profits and
// stop-losses, through the contract engine's batch as the writer runs it:
// - `/contract/tpsl` on the position an order opened at the entry, after the mark moved, and
// - the opening order itself carrying the same prices, placed when the mark had moved,
// decide alike: every case the first refuses, the second refuses with the same error, and the
// rest both take. A refused opening order leaves no posting, no order and no position behind.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractCommand, ContractResult } from '../../server/contract/batch-commands.ts';
import type { NewContractOrder } from '../../server/contract/batch-types.ts';
import { ContractBalances } from '../../server/contract/contract-balances.ts';
import { ContractBatch } from '../../server/contract/contract-batch.ts';
import { contractMarketOf, priceAtoms } from '../../server/contract/contract-markets.ts';
import { EngineState } from '../../server/contract/engine-state.ts';
import { MarkBoard } from '../../server/contract/mark-board.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import { OrderBook } from '../../server/matching/order-book.ts';

const spec = knownMarkets.find((candidate) => candidate.symbol === 'BTCUSDT');
if (!spec) throw new Error('BTCUSDT is not a known market');
const market = contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
const usdt = 100_000_000n;
const trader = 1;
const maker = 2;

interface Case {
  long: boolean;
  leverage: number;
  /** Lots of 0.00001 BTC. */
  lots: number;
  /** Price units (cents). */
  entry: number;
  /** The mark when TP/SL are set, in thousandths away from the entry. */
  markMove: number;
  cross: boolean;
  /** The cross wallet in hundredths of the position's initial margin. */
  walletShare: number;
  /** Thousandths of the entry away from it; null: not set. */
  tp: number | null;
  sl: number | null;
  /** The opening order: a market order, or a limit this many ticks through the entry. */
  through: number | null;
}

const caseOf: fc.Arbitrary<Case> = fc.record({
  long: fc.boolean(),
  leverage: fc.integer({ min: 1, max: 125 }),
  lots: fc.integer({ min: 20, max: 30_000 }),
  entry: fc.integer({ min: 5_000_000, max: 15_000_000 }),
  markMove: fc.integer({ min: -40, max: 40 }),
  cross: fc.boolean(),
  walletShare: fc.integer({ min: 150, max: 20_000 }),
  tp: fc.option(fc.integer({ min: -300, max: 300 })),
  sl: fc.option(fc.integer({ min: -300, max: 300 })),
  through: fc.option(fc.integer({ min: 0, max: 50_000 })),
});

const move = (price: number, thousandths: number) =>
  Math.max(1, Math.round((price * (1000 + thousandths)) / 1000));

/** A book, a state and a mark board, run one command per batch as the writer does. */
function exchange(walletOf: (user: number) => bigint) {
  const state = new EngineState();
  const book = new OrderBook({ ...market.rules, minNotional: 0 });
  const marks = new MarkBoard();
  const balances = new ContractBalances();
  for (const user of [trader, maker]) balances.set(user, walletOf(user), 0n);
  let ids = 0;
  return {
    state,
    mark(units: number) {
      marks.set(market.symbol, { price: priceAtoms(market, units), at: new Date(0), fresh: true });
    },
    run(command: ContractCommand): { result: ContractResult; batch: ContractBatch } {
      const batch = new ContractBatch({
        markets: new Map([[market.symbol, market]]),
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
      batch.run(command);
      const result = batch.effects.results[0];
      if (!result) throw new Error('the batch answered nothing');
      return { result, batch };
    },
  };
}

const refusal = (result: ContractResult) =>
  result.kind === 'refused' ? result.error.errorName : null;

function decide(test: Case): { tpsl: string | null; open: string | null } {
  const side = test.long ? 'buy' : 'sell';
  const notional = (BigInt(test.lots) * 1000n * priceAtoms(market, test.entry)) / usdt;
  const margin = notional / BigInt(test.leverage) + 1n;
  // Enough for the order's cost at any mark here; a cross wallet a share of it, for the backing.
  const wallet = test.cross
    ? (margin * BigInt(test.walletShare)) / 100n + notional / 10n
    : 2n * notional + usdt;
  const walletOf = (user: number) => (user === trader ? wallet : 10_000_000n * usdt);
  const mark = move(test.entry, test.markMove);
  const tp =
    test.tp === null ? null : priceAtoms(market, move(test.entry, test.long ? test.tp : -test.tp));
  const sl =
    test.sl === null ? null : priceAtoms(market, move(test.entry, test.long ? -test.sl : test.sl));
  const terms = (user: number, fields: Partial<NewContractOrder>): NewContractOrder => ({
    userId: user,
    symbol: market.symbol,
    side,
    type: 'market',
    price: null,
    quantity: test.lots,
    leverage: test.leverage,
    marginMode: test.cross ? 'cross' : 'isolated',
    reduceOnly: false,
    purpose: 'user',
    ...fields,
  });
  const resting = (user: number): NewContractOrder => ({
    ...terms(user, { type: 'limit', price: test.entry }),
    side: test.long ? 'sell' : 'buy',
    leverage: 10,
    marginMode: 'isolated',
  });
  // The limit an opening order crosses the maker's price with, within the band at both marks.
  const bound = test.long
    ? Math.floor(Math.min(mark, test.entry) * 1.05) - 1
    : Math.ceil(Math.max(mark, test.entry) * 0.95) + 1;
  const through = test.through ?? 0;
  const limit = test.long
    ? Math.min(test.entry + through, bound)
    : Math.max(test.entry - through, bound);
  const opening = (fields: Partial<NewContractOrder>) =>
    test.through === null
      ? terms(trader, fields)
      : terms(trader, { type: 'limit', price: limit, ...fields });

  // `/contract/tpsl` on the position the order opened at the entry, the mark having moved since.
  const first = exchange(walletOf);
  first.mark(test.entry);
  expect(refusal(first.run({ kind: 'open', order: resting(maker) }).result)).toBeNull();
  expect(refusal(first.run({ kind: 'open', order: opening({}) }).result)).toBeNull();
  const position = first.state.positionOf(trader, market.symbol);
  if (!position) throw new Error('the order opened no position');
  first.mark(mark);
  const set = first.run({
    kind: 'tpsl',
    userId: trader,
    positionId: position.id,
    tpPrice: tp,
    slPrice: sl,
    quantity: null,
  });

  // The opening order carrying them, placed once the mark had moved.
  const second = exchange(walletOf);
  second.mark(test.entry);
  expect(refusal(second.run({ kind: 'open', order: resting(maker) }).result)).toBeNull();
  second.mark(mark);
  const { result, batch } = second.run({
    kind: 'open',
    order: opening({ tpPrice: tp, slPrice: sl }),
  });
  if (result.kind === 'refused') {
    expect(batch.effects.postings).toEqual([]);
    expect(batch.effects.orders.size).toBe(0);
    expect(second.state.positionOf(trader, market.symbol)).toBeUndefined();
  } else {
    expect(second.state.positionOf(trader, market.symbol)).toMatchObject({
      tpPrice: tp,
      slPrice: sl,
    });
  }
  return { tpsl: refusal(set.result), open: refusal(result) };
}

describe('take-profit and stop-loss, at open and on a held position', () => {
  it('are refused at open whenever /contract/tpsl refuses them, and taken alike otherwise', () => {
    fc.assert(
      fc.property(caseOf, (test) => {
        const { tpsl, open } = decide(test);
        expect(open).toBe(tpsl);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse a stop-loss far below the liquidation price of a 10× long at both', () => {
    const probe: Case = {
      long: true,
      leverage: 10,
      lots: 1000,
      entry: 10_000_000,
      markMove: 0,
      cross: false,
      walletShare: 100,
      tp: null,
      sl: 999,
      through: null,
    };
    expect(decide(probe)).toEqual({ tpsl: 'stop_loss_invalid', open: 'stop_loss_invalid' });
  });
});
