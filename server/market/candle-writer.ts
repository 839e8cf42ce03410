// Writes candles to the database one write at a time, in the order they were handed over, so each
// market's stored candles always end at a moment it had complete: a history chunk is written in
// one transaction, and a market's live candles queue behind its history. What the database has
// not taken yet waits here; the history drawing waits when too much does. History yields to
// trading: after each history transaction the writer rests for a multiple of the time it took, so
// history holds the database for a bounded share of the time (on PGlite, one connection for all).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { type StoredCandle, saveCandles } from './candle-store.ts';
import type { MarketState } from './market-state.ts';

export interface CandleWrite {
  symbol: string;
  rows: readonly StoredCandle[];
  /** Drawn history rather than live candles: what a stop may leave for the next start to draw. */
  history: boolean;
}

/** How often, at most, the progress of a long history write is logged. */
const progressEveryMs = 5000;
/** Rest after a history transaction, as a multiple of its time: history takes at most a third. */
export const historyRestFactor = 2;

export class CandleWriter {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #queue: CandleWrite[] = [];
  /** Markets whose queued writes a stop dropped: nothing more of theirs is written. */
  readonly #dropped = new Set<string>();
  #current: CandleWrite | undefined;
  #running: Promise<void> | undefined;
  #queuedRows = 0;
  #changed: (() => void)[] = [];
  /** Set by a stop: nobody waits for room any more. */
  #closing = false;
  #historyRows = 0;
  #longestHistoryWriteMs = 0;
  #loggedAt = 0;
  readonly #restFactor: number;

  /** `restFactor`: the rest after a history transaction as a multiple of its time (0: none). */
  constructor(db: Db, log: FastifyBaseLogger, restFactor = historyRestFactor) {
    this.#db = db;
    this.#log = log;
    this.#restFactor = restFactor;
  }

  /** The longest a history transaction held the database, in ms. */
  get longestHistoryWriteMs(): number {
    return this.#longestHistoryWriteMs;
  }

  /** Rows handed over and not yet written. */
  get waiting(): number {
    return this.#queuedRows + (this.#current?.rows.length ?? 0);
  }

  /** Rows of drawn history written so far. */
  get historyRows(): number {
    return this.#historyRows;
  }

  add(write: CandleWrite): void {
    if (write.rows.length === 0 || this.#dropped.has(write.symbol)) return;
    this.#queue.push(write);
    this.#queuedRows += write.rows.length;
    this.#kick();
  }

  /** Resolves once at most `rows` rows wait to be written, or a stop began. */
  below(rows: number): Promise<void> {
    return this.#until(() => this.#closing || this.waiting <= rows);
  }

  /** Resolves when every write handed over so far is done. */
  idle(): Promise<void> {
    return this.#until(() => this.#running === undefined);
  }

  /** Resolves when no history is waiting to be written. */
  historyStored(): Promise<void> {
    return this.#until(
      () => !this.#current?.history && !this.#queue.some((write) => write.history),
    );
  }

  /**
   * For a stop: drops the history not yet written of the markets `keep` refuses, and every later
   * write of theirs, so their stored candles still end at a complete moment (the next start draws
   * the rest again, the same way). What is kept is still written. Answers the markets dropped.
   */
  dropUnwrittenHistory(keep: (symbol: string) => boolean): ReadonlySet<string> {
    this.#closing = true;
    for (const write of this.#queue) {
      if (write.history && !keep(write.symbol)) this.#dropped.add(write.symbol);
    }
    const kept = this.#queue.filter((write) => !this.#dropped.has(write.symbol));
    this.#queue.splice(0, this.#queue.length, ...kept);
    this.#queuedRows = kept.reduce((sum, write) => sum + write.rows.length, 0);
    if (this.#dropped.size > 0) {
      this.#log.info(
        { markets: [...this.#dropped] },
        'market history not yet stored is left for the next start to draw',
      );
    }
    this.#notify();
    return this.#dropped;
  }

  async #until(done: () => boolean): Promise<void> {
    while (!done()) await new Promise<void>((resolve) => this.#changed.push(resolve));
  }

  #notify(): void {
    for (const resolve of this.#changed.splice(0)) resolve();
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#run().finally(() => {
      this.#running = undefined;
      // A write handed over while the last one was finishing starts the next run.
      if (this.#queue.length > 0) this.#kick();
      else this.#notify();
    });
  }

  async #run(): Promise<void> {
    for (let write = this.#queue.shift(); write; write = this.#queue.shift()) {
      this.#queuedRows -= write.rows.length;
      this.#current = write;
      const began = performance.now();
      try {
        await this.#write(write);
        if (write.history) this.#historyWritten(write.rows.length);
      } catch (err) {
        this.#log.error({ err, symbol: write.symbol }, 'storing candles failed');
      }
      this.#current = undefined;
      this.#notify();
      if (write.history) await this.#rest(performance.now() - began);
    }
  }

  /** Leaves the database to others for a while after a history write; not once a stop began. */
  async #rest(tookMs: number): Promise<void> {
    this.#longestHistoryWriteMs = Math.max(this.#longestHistoryWriteMs, tookMs);
    const ms = tookMs * this.#restFactor;
    if (this.#closing || ms < 1) return;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  #write(write: CandleWrite): Promise<void> {
    // One transaction: a crash leaves all of a history chunk or none of it.
    if (write.history) {
      return this.#db.transaction().execute((trx) => saveCandles(trx, write.rows));
    }
    return saveCandles(this.#db, write.rows);
  }

  #historyWritten(rows: number): void {
    this.#historyRows += rows;
    const now = performance.now();
    if (this.#loggedAt === 0) this.#loggedAt = now;
    if (now - this.#loggedAt < progressEveryMs) return;
    this.#loggedAt = now;
    this.#log.info({ rows: this.#historyRows, waiting: this.waiting }, 'storing market history');
  }
}

/** The market's candles changed since they were last taken, as rows to write. */
export function unstoredRows(state: MarketState): StoredCandle[] {
  return state.candles
    .takeUnstored()
    .map(({ period, candle }) => ({ spec: state.spec, period, candle }));
}
