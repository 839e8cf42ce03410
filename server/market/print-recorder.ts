// The index prints: every market's index price recorded once a second, on the whole second, with
// the sources that made it and whether it was stale, in `index_prints`. They are the record both
// products read: the second contract opens and settles on them, and the perpetuals' mark is
// computed from each round of them (so a mark's index is a recorded print). A second the server
// was down or too busy to record has no print; the readers treat that by their own rules.
// Prints older than the retention are deleted once a minute.
import { sql } from 'kysely';
import { formatAmount } from '../../core/money.ts';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import type { IndexPrints, RecordedPrint } from './index-prints.ts';
import type { MarketService } from './market-service.ts';

// Declared with the read side (`index-prints.ts`); its readers import it from here too.
export type { RecordedPrint } from './index-prints.ts';

export interface PrintRecorderOptions {
  db: Db;
  market: MarketService;
  scheduler: Scheduler;
  /** How long prints are kept. */
  retentionMs: number;
  log: { warn(details: object, message: string): void };
}

const secondMs = 1000;
const pruneEveryMs = 60_000;

export class PrintRecorder implements IndexPrints {
  readonly #listeners = new Set<(prints: readonly RecordedPrint[]) => void>();
  readonly #latest = new Map<string, RecordedPrint>();
  #first: TimerHandle | undefined;
  #intervals: TimerHandle[] = [];
  #running: Promise<void> = Promise.resolve();
  #lastSecond = 0;

  constructor(private readonly options: PrintRecorderOptions) {}

  /**
   * Told of every round once it is recorded. A listener queues its own work: the next round is
   * never late for a slow reader (a liquidation after a crash, a large settlement).
   */
  onRecorded(listener: (prints: readonly RecordedPrint[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  latest(symbol: string): RecordedPrint | undefined {
    return this.#latest.get(symbol);
  }

  /** The newest print of every market: what a reader that starts late begins from. */
  latestRound(): RecordedPrint[] {
    return [...this.#latest.values()];
  }

  start(): void {
    const { scheduler } = this.options;
    // The second the server starts in is recorded at once, so the products have a price to
    // open on; from the next whole second on, one a second on the second.
    this.#tick();
    const untilNext = secondMs - (scheduler.now() % secondMs);
    this.#first = scheduler.setTimeout(() => {
      this.#tick();
      this.#intervals.push(scheduler.setInterval(() => this.#tick(), secondMs));
    }, untilNext);
    this.#intervals.push(
      scheduler.setInterval(() => this.#queue(() => this.prune()), pruneEveryMs),
    );
  }

  async stop(): Promise<void> {
    const { scheduler } = this.options;
    scheduler.clearTimeout(this.#first);
    for (const timer of this.#intervals) scheduler.clearInterval(timer);
    this.#intervals = [];
    await this.#running;
  }

  /** Records the round of the second `now` falls in (once per second), then tells the listeners. */
  async record(now: number): Promise<RecordedPrint[]> {
    const second = now - (now % secondMs);
    if (second <= this.#lastSecond) return [];
    this.#lastSecond = second;
    const prints: RecordedPrint[] = [];
    for (const state of this.options.market.markets()) {
      const reading = state.indexAt(now);
      if (reading.price === null) continue;
      prints.push({
        symbol: state.spec.symbol,
        ts: second,
        price: BigInt(reading.price) * 10n ** BigInt(8 - state.spec.priceScale),
        sources: reading.stale ? [] : reading.sources,
        stale: reading.stale,
      });
    }
    if (prints.length > 0) await insertPrints(this.options.db, prints);
    for (const print of prints) this.#latest.set(print.symbol, print);
    for (const listener of this.#listeners) listener(prints);
    return prints;
  }

  /** Deletes the prints older than the retention. */
  async prune(): Promise<void> {
    const before = new Date(this.options.scheduler.now() - this.options.retentionMs);
    await this.options.db.deleteFrom('index_prints').where('ts', '<', before).execute();
  }

  #tick(): void {
    const now = this.options.scheduler.now();
    this.#queue(() => this.record(now).then(() => undefined));
  }

  /** One round at a time, in order: a slow round delays the next, never overlaps it. */
  #queue(work: () => Promise<void>): void {
    this.#running = this.#running.then(work).catch((error: unknown) => {
      this.options.log.warn({ err: error }, 'index prints not recorded');
    });
  }
}

async function insertPrints(db: Db, prints: readonly RecordedPrint[]): Promise<void> {
  await sql`
    insert into index_prints (symbol, ts, price, sources, stale)
    select symbol, ts, price, string_to_array(sources, ','), stale from unnest(
      ${prints.map((print) => print.symbol)}::text[],
      ${prints.map((print) => new Date(print.ts).toISOString())}::timestamptz[],
      ${prints.map((print) => formatAmount(print.price))}::numeric[],
      ${prints.map((print) => print.sources.join(','))}::text[],
      ${prints.map((print) => print.stale)}::boolean[]
    ) as p(symbol, ts, price, sources, stale)
    on conflict (symbol, ts) do nothing`.execute(db);
}
