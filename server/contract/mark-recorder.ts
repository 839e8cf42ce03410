// The mark price of every perpetual, once a second: the median of the funding-carried index, the
// index plus the book's recent basis, and the last trade (core/contract/mark.ts), recorded with
// its inputs and timestamp in `contract_marks` so every liquidation can be recomputed from what
// was recorded. Each round is computed from a round of index prints (server/market/
// print-recorder.ts): a mark's index and time are those of a recorded print, the same record the
// second contract settles on. Each recorded mark is then handed to the engine, which liquidates what it reached
// and then sets off the take-profits and stop-losses it reached.
// A stale index gives a mark that is kept but not fresh: it freezes liquidation and opening.
import { sql } from 'kysely';
import { basisWindow, markPrice } from '../../core/contract/mark.ts';
import { formatAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { PrintRecorder, RecordedPrint } from '../market/print-recorder.ts';
import type { ContractEngine } from './contract-engine.ts';
import { type ContractMarket, priceAtoms } from './contract-markets.ts';

export interface MarkSettings {
  fundingIntervalMs: number;
  /** The last funding round's rate, parts per 10^8. */
  lastFundingRate(symbol: string): bigint;
}

export interface Recorded {
  symbol: string;
  ts: Date;
  index: bigint | null;
  mark: bigint | null;
  last: bigint | null;
  basis: bigint;
  stale: boolean;
  /** The funding rate the mark carried, parts per 10^8. */
  rate: bigint;
}

/** Cross positions are filed again with fresh wallets and marks every this many rounds. */
const crossRefileRounds = 5;

export class MarkRecorder {
  #rounds = 0;
  readonly #basis = new Map<string, bigint[]>();
  readonly #last = new Map<string, bigint>();
  #stopListening: (() => void) | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      engine: ContractEngine;
      prints: PrintRecorder;
      settings: MarkSettings;
      /** Told of every round's marks once they are recorded. */
      onRecorded(rows: readonly Recorded[]): void;
      log: { warn(details: object, message: string): void };
    },
  ) {}

  /** Told of every trade on a perpetual's book. */
  noticeTrade(symbol: string, price: bigint): void {
    this.#last.set(symbol, price);
  }

  start(): void {
    const queue = (prints: readonly RecordedPrint[]) => {
      this.#running = this.#running.then(() =>
        this.record(prints).catch((error) =>
          this.options.log.warn({ err: error }, 'mark not recorded'),
        ),
      );
    };
    this.#stopListening = this.options.prints.onRecorded(queue);
    // The round recorded before this engine started: marks from the start, not a second later.
    queue(this.options.prints.latestRound());
  }

  async stop(): Promise<void> {
    this.#stopListening?.();
    await this.#running;
  }

  /** One round: every market's mark computed from its print, recorded, then handed to the engine. */
  async record(prints: readonly RecordedPrint[]): Promise<void> {
    const { engine, db } = this.options;
    const first = prints[0];
    if (!first) return;
    const bySymbol = new Map(prints.map((print) => [print.symbol, print]));
    const rows = [...engine.markets.values()].map((market) =>
      this.#markOf(market, bySymbol.get(market.symbol), first.ts),
    );
    await sql`
      insert into contract_marks (symbol, ts, index_price, mark_price, last_price, basis,
        funding_rate, stale)
      select symbol, ts, index_price, mark_price, last_price, basis, rate, stale from unnest(
        ${rows.map((row) => row.symbol)}::text[],
        ${rows.map((row) => row.ts.toISOString())}::timestamptz[],
        ${rows.map((row) => nullable(row.index))}::numeric[],
        ${rows.map((row) => nullable(row.mark))}::numeric[],
        ${rows.map((row) => nullable(row.last))}::numeric[],
        ${rows.map((row) => formatAmount(row.basis))}::numeric[],
        ${rows.map((row) => row.stale)}::boolean[],
        ${rows.map((row) => row.rate.toString())}::bigint[]
      ) as m(symbol, ts, index_price, mark_price, last_price, basis, stale, rate)
      on conflict (symbol, ts) do nothing`.execute(db);
    for (const row of rows) {
      if (row.mark !== null) {
        engine.marks.set(row.symbol, { price: row.mark, at: row.ts, fresh: !row.stale });
      }
    }
    this.options.onRecorded(rows);
    this.#rounds += 1;
    if (this.#rounds % crossRefileRounds === 0) await engine.refile('cross');
    for (const row of rows) {
      if (row.mark === null) continue;
      await engine.liquidateReached(row.symbol);
      await engine.triggerReached(row.symbol);
    }
  }

  #markOf(market: ContractMarket, print: RecordedPrint | undefined, now: number): Recorded {
    const ts = new Date(now);
    if (!print) {
      return {
        symbol: market.symbol,
        ts,
        index: null,
        mark: null,
        last: null,
        basis: 0n,
        stale: true,
        rate: 0n,
      };
    }
    const index = print.price;
    const book = this.options.engine.book(market.symbol);
    const bid = book?.bestBid() ?? 0;
    const ask = book?.bestAsk() ?? 0;
    const samples = this.#basis.get(market.symbol) ?? [];
    if (bid > 0 && ask > 0 && !print.stale) {
      const mid = (priceAtoms(market, bid) + priceAtoms(market, ask)) / 2n;
      samples.push(mid - index);
      if (samples.length > basisWindow) samples.shift();
      this.#basis.set(market.symbol, samples);
    }
    const last = this.#last.get(market.symbol) ?? null;
    const { fundingIntervalMs } = this.options.settings;
    const rate = this.options.settings.lastFundingRate(market.symbol);
    const mark = markPrice({
      index,
      lastFundingRate: rate,
      msToNextFunding: fundingIntervalMs - (now % fundingIntervalMs),
      fundingIntervalMs,
      basisSamples: samples,
      lastPrice: last,
    });
    const basis =
      samples.length === 0 ? 0n : samples.reduce((a, b) => a + b, 0n) / BigInt(samples.length);
    return { symbol: market.symbol, ts, index, mark, last, basis, stale: print.stale, rate };
  }
}

function nullable(value: bigint | null): string | null {
  return value === null ? null : formatAmount(value);
}
