// The mark price of every perpetual, once a second: the median of the funding-carried index, the
// index plus the book's moving basis, and the last trade (core/contract/mark.ts), recorded in
// `contract_marks` with everything it was computed from (index, basis, last trade, rate, time and
// funding interval), so every mark, and every liquidation at it, can be recomputed from its row
// alone: the recorder computes the mark from the very record it stores. The row also keeps the
// basis sample taken that second, which the window is rebuilt from after a restart. Each round is
// computed from a round of index prints (server/market/print-recorder.ts): a mark's index and time
// are those of a recorded print, the same record the second contract settles on. Each recorded
// mark is then handed to the engine, which liquidates what it reached and then sets off the
// take-profits and stop-losses it reached.
// A stale index gives a mark that is kept but not fresh: it freezes liquidation and opening.
import { sql } from 'kysely';
import { type MarkRecord, markPrice } from '../../core/contract/mark.ts';
import { signedAtoms } from '../../core/market/decimal-atoms.ts';
import { formatAmount } from '../../core/money.ts';
import type { Db } from '../db/database.ts';
import type { PrintRecorder, RecordedPrint } from '../market/print-recorder.ts';
import { BasisWindow, type BasisWindowSettings } from './basis-window.ts';
import { type ContractMarket, priceAtoms } from './contract-markets.ts';
import type { MarkBoard } from './mark-board.ts';

export interface MarkSettings {
  fundingIntervalMs: number;
  /** The last funding round's rate, parts per 10^8. */
  lastFundingRate(symbol: string): bigint;
  basis: BasisWindowSettings;
}

/** What the recorder needs of the contract engine. */
export interface MarkEngine {
  readonly marks: MarkBoard;
  /** The markets held here: each node records the marks of its own. */
  heldMarkets(): ContractMarket[];
  /** The best prices of a perpetual's book in the market's units, 0 for an empty side. */
  book(symbol: string): { bestBid(): number; bestAsk(): number } | undefined;
  refile(which: 'cross'): Promise<void>;
  liquidateReached(symbol: string): Promise<unknown> | undefined;
  triggerReached(symbol: string): Promise<unknown> | undefined;
}

export interface Recorded {
  symbol: string;
  ts: Date;
  index: bigint | null;
  mark: bigint | null;
  last: bigint | null;
  /** The moving basis the mark used. */
  basis: bigint;
  /** The sample of mid − index taken this round, if one was due and the book had both sides. */
  basisSample: bigint | null;
  stale: boolean;
  /** The funding rate the mark carried, parts per 10^8. */
  rate: bigint;
  fundingIntervalMs: number;
}

/** Cross positions are filed again with fresh wallets and marks every this many rounds. */
const crossRefileRounds = 5;

export class MarkRecorder {
  #rounds = 0;
  readonly #window: BasisWindow;
  readonly #last = new Map<string, bigint>();
  #stopListening: (() => void) | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      engine: MarkEngine;
      prints: Pick<PrintRecorder, 'onRecorded' | 'latestRound'>;
      settings: MarkSettings;
      /** Told of every round's marks once they are recorded. */
      onRecorded(rows: readonly Recorded[]): void;
      log: { warn(details: object, message: string): void };
    },
  ) {
    this.#window = new BasisWindow(options.settings.basis);
  }

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
    // What the marks before a restart were made of comes back first; rounds wait behind it.
    this.#running = this.restore().catch((error) =>
      this.options.log.warn({ err: error }, 'mark window not restored'),
    );
    this.#stopListening = this.options.prints.onRecorded(queue);
    // The round recorded before this engine started: marks from the start, not a second later.
    queue(this.options.prints.latestRound());
  }

  async stop(): Promise<void> {
    this.#stopListening?.();
    await this.#running;
  }

  /**
   * What the marks were made of when the recorder (or the node that held the engines) stopped:
   * the basis samples recorded within the window before each market's newest mark, and the last
   * trade that mark used. An empty window would put the index in place of the basis for a
   * window's length, a forgotten trade the index in place of the last price until the next trade:
   * either could move the mark at a restart though nothing traded.
   */
  async restore(): Promise<void> {
    const { db, engine, settings } = this.options;
    const symbols = engine.heldMarkets().map((market) => market.symbol);
    if (symbols.length === 0) return;
    const newest = await sql<{ symbol: string; ts: Date | string; last_price: string | null }>`
      select s.symbol, m.ts, m.last_price::text from unnest(${symbols}::text[]) as s(symbol)
      cross join lateral (select ts, last_price from contract_marks
        where symbol = s.symbol order by ts desc limit 1) as m`.execute(db);
    for (const row of newest.rows) {
      const price = row.last_price === null ? null : signedAtoms(row.last_price);
      // A trade noticed since start is newer than any recorded one.
      if (price !== null && !this.#last.has(row.symbol)) this.#last.set(row.symbol, price);
    }
    // The window's samples, and the last one before it when the cadence is longer than the
    // window: it still says whether a sample is due.
    const reach = Math.max(settings.basis.windowMs, settings.basis.sampleMs);
    const samples = await sql<{ symbol: string; ts: Date | string; basis_sample: string }>`
      select m.symbol, m.ts, m.basis_sample::text
      from unnest(${newest.rows.map((row) => row.symbol)}::text[],
        ${newest.rows.map((row) => new Date(row.ts).toISOString())}::timestamptz[])
        as n(symbol, ts)
      join contract_marks m on m.symbol = n.symbol and m.basis_sample is not null
        and m.ts > n.ts - make_interval(secs => ${reach / 1000})
        and m.ts <= n.ts
      order by m.symbol, m.ts`.execute(db);
    const bySymbol = new Map<string, { at: number; basis: bigint }[]>();
    for (const row of samples.rows) {
      const basis = signedAtoms(row.basis_sample);
      if (basis === null) continue;
      const list = bySymbol.get(row.symbol) ?? [];
      list.push({ at: new Date(row.ts).getTime(), basis });
      bySymbol.set(row.symbol, list);
    }
    for (const [symbol, list] of bySymbol) this.#window.restore(symbol, list);
  }

  /** One round: every market's mark computed from its print, recorded, then handed to the engine. */
  async record(prints: readonly RecordedPrint[]): Promise<void> {
    const { engine, db } = this.options;
    const first = prints[0];
    if (!first) return;
    const bySymbol = new Map(prints.map((print) => [print.symbol, print]));
    const rows = engine
      .heldMarkets()
      .map((market) => this.#markOf(market, bySymbol.get(market.symbol), first.ts));
    await sql`
      insert into contract_marks (symbol, ts, index_price, mark_price, last_price, basis,
        funding_rate, stale, funding_interval_ms, basis_sample)
      select symbol, ts, index_price, mark_price, last_price, basis, rate, stale, interval_ms,
        sample from unnest(
        ${rows.map((row) => row.symbol)}::text[],
        ${rows.map((row) => row.ts.toISOString())}::timestamptz[],
        ${rows.map((row) => nullable(row.index))}::numeric[],
        ${rows.map((row) => nullable(row.mark))}::numeric[],
        ${rows.map((row) => nullable(row.last))}::numeric[],
        ${rows.map((row) => formatAmount(row.basis))}::numeric[],
        ${rows.map((row) => row.stale)}::boolean[],
        ${rows.map((row) => row.rate.toString())}::bigint[],
        ${rows.map((row) => row.fundingIntervalMs)}::integer[],
        ${rows.map((row) => nullable(row.basisSample))}::numeric[]
      ) as m(symbol, ts, index_price, mark_price, last_price, basis, stale, rate, interval_ms,
        sample)
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
    const { settings } = this.options;
    const ts = new Date(now);
    const { fundingIntervalMs } = settings;
    if (!print) {
      return {
        symbol: market.symbol,
        ts,
        index: null,
        mark: null,
        last: this.#last.get(market.symbol) ?? null,
        basis: 0n,
        basisSample: null,
        stale: true,
        rate: 0n,
        fundingIntervalMs,
      };
    }
    const index = print.price;
    const book = this.options.engine.book(market.symbol);
    const bid = book?.bestBid() ?? 0;
    const ask = book?.bestAsk() ?? 0;
    let basisSample: bigint | null = null;
    if (bid > 0 && ask > 0 && !print.stale && this.#window.due(market.symbol, now)) {
      const mid = (priceAtoms(market, bid) + priceAtoms(market, ask)) / 2n;
      basisSample = mid - index;
      this.#window.add(market.symbol, now, basisSample);
    }
    const record: MarkRecord = {
      index,
      basis: this.#window.average(market.symbol, now),
      lastPrice: this.#last.get(market.symbol) ?? null,
      lastFundingRate: settings.lastFundingRate(market.symbol),
      at: now,
      fundingIntervalMs,
    };
    return {
      symbol: market.symbol,
      ts,
      index,
      mark: markPrice(record),
      last: record.lastPrice,
      basis: record.basis,
      basisSample,
      stale: print.stale,
      rate: record.lastFundingRate,
      fundingIntervalMs,
    };
  }
}

function nullable(value: bigint | null): string | null {
  return value === null ? null : formatAmount(value);
}
