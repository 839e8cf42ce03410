// The mark price: the median of the funding-carried index, the index plus the moving basis, and
// the last trade, so one trade far from the book cannot move it beyond the other two. And its
// record: the mark recorder, run over random index prints, books, trades, rates and times, stores
// rows from which every mark is recomputed exactly (its basis from the samples recorded in its
// window, the mark from the row alone), and a recorder started again on the same record takes up
// the marks where the stopped one left them.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageBasis, markPrice } from '../../core/contract/mark.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { contractMarketOf, priceAtoms } from '../../server/contract/contract-markets.ts';
import { MarkBoard } from '../../server/contract/mark-board.ts';
import {
  type MarkEngine,
  MarkRecorder,
  type Recorded,
} from '../../server/contract/mark-recorder.ts';
import { type Db, openDatabase } from '../../server/db/database.ts';
import { knownMarkets } from '../../server/market/catalog.ts';
import type { RecordedPrint } from '../../server/market/print-recorder.ts';

const usdt = 100_000_000n;
const hour = 3_600_000;

describe('the mark price', () => {
  const boundary = Date.UTC(2025, 0, 1, 8);

  it('is the index when the book sits on it, funding is zero and nothing traded', () => {
    expect(
      markPrice({
        index: 50_000n * usdt,
        basis: 0n,
        lastPrice: null,
        lastFundingRate: 0n,
        at: boundary - 4 * hour,
        fundingIntervalMs: 8 * hour,
      }),
    ).toBe(50_000n * usdt);
  });

  it('carries the index by the funding rate over the time left', () => {
    // 0.01 % for half the interval: 50,000 × 1.00005 = 50,002.5; the basis and the last trade agree.
    const carried = 50_002n * usdt + usdt / 2n;
    expect(
      markPrice({
        index: 50_000n * usdt,
        basis: carried - 50_000n * usdt,
        lastPrice: carried + usdt,
        lastFundingRate: 10_000n,
        at: boundary - 4 * hour,
        fundingIntervalMs: 8 * hour,
      }),
    ).toBe(carried);
  });

  it('averages the basis rounded toward −∞, as the mark uses it', () => {
    expect(averageBasis([])).toBe(0n);
    expect(averageBasis([-1n, 0n])).toBe(-1n);
    expect(averageBasis([1n, 0n])).toBe(0n);
    expect(averageBasis([-7n, -8n, 3n])).toBe(-4n);
  });

  it('stays between the funding-carried and the basis prices whatever the last trade', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: usdt, max: 200_000n * usdt }),
        fc.bigInt({ min: -300_000n, max: 300_000n }),
        fc.integer({ min: 0, max: 8 * hour - 1 }),
        fc.bigInt({ min: -1_000n * usdt, max: 1_000n * usdt }),
        fc.bigInt({ min: 1n, max: 10n ** 20n }),
        (index, rate, sinceRound, basis, last) => {
          const record = {
            index,
            basis,
            lastFundingRate: rate,
            at: boundary + sinceRound,
            fundingIntervalMs: 8 * hour,
          };
          const withoutTrade = markPrice({ ...record, lastPrice: null });
          const mark = markPrice({ ...record, lastPrice: last });
          // The two prices that do not depend on the trade bound the mark.
          const msLeft = BigInt(8 * hour - sinceRound);
          const carried = index + (index * rate * msLeft) / (100_000_000n * BigInt(8 * hour));
          const low = [carried, index + basis].reduce((a, b) => (a < b ? a : b)) - 1n;
          const high = [carried, index + basis].reduce((a, b) => (a > b ? a : b)) + 1n;
          expect(mark >= low && mark <= high).toBe(true);
          expect(withoutTrade >= low && withoutTrade <= high).toBe(true);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});

const markets = ['BTC', 'XRP'].map((base) => {
  const spec = knownMarkets.find((candidate) => candidate.base === base);
  if (!spec) throw new Error(`${base} is not a known market`);
  return contractMarketOf(spec, 5n, { makerPpm: 200, takerPpm: 500 });
});
/** A plausible index per market, in the market's price units (BTC 2 decimals, XRP 4). */
const centre = new Map([
  ['BTCUSDT', 9_700_000],
  ['XRPUSDT', 22_000],
]);

/** One market's inputs in a round. */
interface Tick {
  /** The print's index as an offset from the market's centre, in units, plus loose atoms. */
  move: number;
  atoms: number;
  stale: boolean;
  missing: boolean;
  /** The book's best bid and ask as offsets from the index in units; null for an empty side. */
  bid: number | null;
  ask: number | null;
  /** A trade this round, as an offset from the index in units. */
  trade: number | null;
  /** A new last funding rate from this round on, parts per 10^8. */
  rate: bigint | null;
}

const tick: fc.Arbitrary<Tick> = fc.record({
  move: fc.integer({ min: -2_000, max: 2_000 }),
  atoms: fc.integer({ min: 0, max: 999_999 }),
  stale: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  missing: fc.integer({ min: 0, max: 19 }).map((n) => n === 0),
  bid: fc.option(fc.integer({ min: -3_000, max: 500 }), { freq: 6 }),
  ask: fc.option(fc.integer({ min: -500, max: 3_000 }), { freq: 6 }),
  trade: fc.option(fc.integer({ min: -5_000, max: 5_000 }), { freq: 2 }),
  rate: fc.option(fc.bigInt({ min: -300_000n, max: 300_000n }), { freq: 8 }),
});

interface Round {
  /** ms since the previous round: mostly a second, sometimes a gap. */
  gap: number;
  ticks: Tick[];
}

const round: fc.Arbitrary<Round> = fc
  .record({
    gap: fc.oneof(
      { weight: 8, arbitrary: fc.constant(1000) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 9 }).map((s) => s * 1000) },
    ),
    ticks: fc.tuple(tick, tick),
    // A round is a round of index prints: at least one market printed.
  })
  .filter((drawn) => drawn.ticks.some((t) => !t.missing));

const settings = fc.record({
  windowMs: fc.constantFrom(3_000, 5_000, 30_000),
  sampleMs: fc.constantFrom(1_000, 2_000, 5_000),
  fundingIntervalMs: fc.constantFrom(hour, 4 * hour, 8 * hour),
  /** Where the rounds start: anywhere in a day, so they cross funding boundaries. */
  start: fc.integer({ min: 0, max: 24 * hour }),
});

let db: Db;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const opened = await openDatabase({ databaseUrl: undefined, pgliteDir: 'memory://' });
  db = opened.db;
  close = () => opened.close();
}, 120_000);
afterAll(() => close?.());

/** A recorder over the two markets whose books and rates the test sets. */
function recorderFor(
  config: { windowMs: number; sampleMs: number; fundingIntervalMs: number },
  state: { books: Map<string, { bid: number; ask: number }>; rates: Map<string, bigint> },
  onRecorded: (rows: readonly Recorded[]) => void = () => {},
) {
  const engine: MarkEngine = {
    heldMarkets: () => [...markets],
    marks: new MarkBoard(),
    book: (symbol) => {
      const book = state.books.get(symbol);
      return book && { bestBid: () => book.bid, bestAsk: () => book.ask };
    },
    refile: async () => {},
    liquidateReached: () => undefined,
    triggerReached: () => undefined,
  };
  return new MarkRecorder({
    db,
    engine,
    prints: { onRecorded: () => () => {}, latestRound: () => [] },
    settings: {
      fundingIntervalMs: config.fundingIntervalMs,
      lastFundingRate: (symbol) => state.rates.get(symbol) ?? 0n,
      basis: { windowMs: config.windowMs, sampleMs: config.sampleMs },
    },
    onRecorded,
    log: {
      warn: (details, message) => {
        throw new Error(`${message}: ${JSON.stringify(details)}`);
      },
    },
  });
}

/** Sets the books, rates and trades of a round on the recorders and answers its prints. */
function play(
  at: number,
  ticks: readonly Tick[],
  state: { books: Map<string, { bid: number; ask: number }>; rates: Map<string, bigint> },
  recorders: readonly MarkRecorder[],
): RecordedPrint[] {
  const prints: RecordedPrint[] = [];
  for (const [i, market] of markets.entries()) {
    const t = ticks[i] as Tick;
    const units = (centre.get(market.symbol) as number) + t.move;
    state.books.set(market.symbol, {
      bid: t.bid === null ? 0 : units + t.bid,
      ask: t.ask === null ? 0 : Math.max(units + (t.bid ?? 0) + 1, units + t.ask),
    });
    if (t.rate !== null) state.rates.set(market.symbol, t.rate);
    if (t.trade !== null) {
      for (const recorder of recorders) {
        recorder.noticeTrade(market.symbol, priceAtoms(market, units + t.trade));
      }
    }
    if (t.missing) continue;
    const price = priceAtoms(market, units) + BigInt(t.atoms % Number(priceAtoms(market, 1)));
    prints.push({ symbol: market.symbol, ts: at, price, sources: [], stale: t.stale });
  }
  return prints;
}

interface Row {
  symbol: string;
  ts: Date | string;
  index_price: string | null;
  mark_price: string | null;
  last_price: string | null;
  basis: string;
  funding_rate: string;
  funding_interval_ms: number | null;
  basis_sample: string | null;
}

const atomsOf = (text: string | null) => (text === null ? null : signedAtoms(text));

describe('the recorded marks', () => {
  it('recompute, every one, from the fields of their row', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        settings,
        fc.array(round, { minLength: 30, maxLength: 60 }),
        async (config, rounds) => {
          await sql`delete from contract_marks`.execute(db);
          const state = { books: new Map(), rates: new Map() };
          const recorder = recorderFor(config, state);
          let at = Date.UTC(2025, 0, 1) + Math.floor(config.start / 1000) * 1000;
          for (const { gap, ticks } of rounds) {
            at += gap;
            await recorder.record(play(at, ticks, state, [recorder]));
          }
          const { rows } = await sql<Row>`
            select symbol, ts, index_price::text, mark_price::text, last_price::text,
              basis::text, funding_rate::text, funding_interval_ms, basis_sample::text
            from contract_marks order by symbol, ts`.execute(db);
          expect(rows.length).toBe(rounds.length * markets.length);
          for (const row of rows) {
            const index = atomsOf(row.index_price);
            if (index === null) {
              expect(row.mark_price).toBeNull();
              continue;
            }
            const ts = new Date(row.ts).getTime();
            // The basis is the average of the samples recorded in the window up to the row.
            const window = rows
              .filter((other) => other.symbol === row.symbol && other.basis_sample !== null)
              .filter((other) => {
                const when = new Date(other.ts).getTime();
                return when > ts - config.windowMs && when <= ts;
              })
              .map((other) => atomsOf(other.basis_sample) as bigint);
            expect(atomsOf(row.basis)).toBe(averageBasis(window));
            expect(row.funding_interval_ms).toBe(config.fundingIntervalMs);
            const recomputed = markPrice({
              index,
              basis: atomsOf(row.basis) as bigint,
              lastPrice: atomsOf(row.last_price),
              lastFundingRate: BigInt(row.funding_rate),
              at: ts,
              fundingIntervalMs: row.funding_interval_ms as number,
            });
            expect(atomsOf(row.mark_price)).toBe(recomputed);
            checked += 1;
          }
        },
      ),
      { numRuns: 40 },
    );
    // Most rows have a print, so thousands of marks were recomputed, not a handful.
    expect(checked).toBeGreaterThan(2_000);
  });

  it('go on after a restart as they would have without it', async () => {
    await fc.assert(
      fc.asyncProperty(
        settings,
        fc.array(round, { minLength: 1, maxLength: 40 }),
        round,
        async (config, before, next) => {
          await sql`delete from contract_marks`.execute(db);
          const state = { books: new Map(), rates: new Map() };
          let kept: readonly Recorded[] = [];
          let restarted: readonly Recorded[] = [];
          const running = recorderFor(config, state, (rows) => {
            kept = rows;
          });
          let at = Date.UTC(2025, 0, 1) + Math.floor(config.start / 1000) * 1000;
          for (const { gap, ticks } of before) {
            at += gap;
            await running.record(play(at, ticks, state, [running]));
          }
          // A second recorder starts on the record the first left, which knows nothing else.
          const fresh = recorderFor(config, state, (rows) => {
            restarted = rows;
          });
          await fresh.restore();
          at += next.gap;
          const prints = play(at, next.ticks, state, [running, fresh]);
          await running.record(prints);
          await fresh.record(prints);
          const shown = (rows: readonly Recorded[]) =>
            rows.map((row) => ({ symbol: row.symbol, mark: row.mark, basis: row.basis }));
          expect(shown(restarted)).toEqual(shown(kept));
        },
      ),
      { numRuns: 40 },
    );
  });
});
