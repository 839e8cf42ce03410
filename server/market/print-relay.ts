// The index prints over the bus. They are recorded once a second on the one node that runs the
// market data (`print-recorder.ts`); a node that runs a perpetual market's writer without the
// market data still needs every round for the market's mark and funding. The recording node
// publishes each round on one subject (`publishPrints`); such a node follows them through
// `RelayedPrints`, which reads like the recorder (`index-prints.ts`). Prices cross as decimal
// strings of atoms, so they come back as the very same bigint.
import { sql } from 'kysely';
import { z } from 'zod';
import { parseAmount } from '../../core/money.ts';
import type { Bus } from '../bus/bus.ts';
import { type BusLog, listen } from '../bus/bus-messages.ts';
import type { Db } from '../db/database.ts';
import type { IndexPrints, RecordedPrint } from './index-prints.ts';

/** Every round of prints, under the cluster's scope like every subject. */
export const printsSubject = 'md.prints';

/** Atoms as a decimal without leading zeros: `numeric(38, 8)` holds fewer than 10^38 of them. */
export const atomsText = z
  .string()
  .regex(/^(0|[1-9]\d{0,37})$/)
  .transform((text) => BigInt(text));

/** One round as it crosses the bus: what `RecordedPrint` holds, the price as text. */
const relayedRound = z.object({
  prints: z
    .array(
      z.object({
        symbol: z.string().min(1).max(64),
        ts: z.number().int().nonnegative().multipleOf(1000),
        price: atomsText,
        sources: z.array(z.string()).max(64),
        stale: z.boolean(),
      }),
    )
    .max(10_000),
});
type RelayedRound = z.input<typeof relayedRound>;

/** Publishes every round `prints` records on `printsSubject`; answers the function that stops. */
export function publishPrints(bus: Bus, prints: IndexPrints, log: BusLog): () => void {
  return prints.onRecorded((round) => {
    // A round without prices (no market had an index) tells a follower nothing.
    if (round.length === 0) return;
    const message: RelayedRound = {
      prints: round.map((print) => ({
        symbol: print.symbol,
        ts: print.ts,
        price: print.price.toString(),
        sources: [...print.sources],
        stale: print.stale,
      })),
    };
    // The recorder calls this while recording: a bus that fails must not fail the round here.
    try {
      bus.publish(printsSubject, message);
    } catch (error) {
      log.warn({ err: error, subject: printsSubject }, 'index prints not published');
    }
  });
}

export interface RelayedPrintsOptions {
  /** The cluster's bus (`server/bus/cluster-scope.ts`). */
  bus: Bus;
  log: BusLog;
}

/** The index prints as heard from the node that records them. */
export class RelayedPrints implements IndexPrints {
  readonly #listeners = new Set<(prints: readonly RecordedPrint[]) => void>();
  readonly #latest = new Map<string, RecordedPrint>();
  #unsubscribe: (() => void) | undefined;

  constructor(private readonly options: RelayedPrintsOptions) {}

  onRecorded(listener: (prints: readonly RecordedPrint[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  latest(symbol: string): RecordedPrint | undefined {
    return this.#latest.get(symbol);
  }

  latestRound(): RecordedPrint[] {
    return [...this.#latest.values()];
  }

  /**
   * Listens first, then reads the newest stored print of every market, so `latest` answers before
   * the first round arrives and no round is missed while reading; a round heard meanwhile is newer
   * than what was stored and is kept. When the read fails it stops listening and rejects.
   */
  async start(db: Db): Promise<void> {
    if (this.#unsubscribe) return;
    const { bus, log } = this.options;
    this.#unsubscribe = listen(bus, printsSubject, relayedRound, log, ({ prints }) =>
      this.#hear(prints),
    );
    let stored: RecordedPrint[];
    try {
      stored = await newestPrints(db);
    } catch (error) {
      this.stop();
      throw error;
    }
    // Stopped while reading: nothing more is kept.
    if (!this.#unsubscribe) return;
    for (const print of stored) this.#keepIfNewer(print);
  }

  stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** Keeps the prints newer than each market's latest and tells the listeners of those. */
  #hear(prints: readonly RecordedPrint[]): void {
    // A duplicate or a late round (the bus gives no order across a reconnect, nor across a move of
    // the market data to another node) must not move a market back.
    const round = prints.filter((print) => this.#keepIfNewer(print));
    if (round.length === 0) return;
    for (const listener of this.#listeners) {
      // One failing reader must neither starve the others nor throw into the bus's delivery
      // (in-process, that is the recorder's own round).
      try {
        listener(round);
      } catch (error) {
        this.options.log.warn({ err: error, subject: printsSubject }, 'index prints reader failed');
      }
    }
  }

  #keepIfNewer(print: RecordedPrint): boolean {
    const known = this.#latest.get(print.symbol);
    if (known && known.ts >= print.ts) return false;
    this.#latest.set(print.symbol, print);
    return true;
  }
}

/**
 * The newest stored print of every market. The markets are found by walking the primary key
 * (symbol, ts) a symbol at a time rather than `distinct on`, which would read every print kept.
 */
async function newestPrints(db: Db): Promise<RecordedPrint[]> {
  const { rows } = await sql<{
    symbol: string;
    ts: Date | string;
    price: string;
    sources: string[];
    stale: boolean;
  }>`
    with recursive symbols(symbol) as (
      (select symbol from index_prints order by symbol limit 1)
      union all
      select (select p.symbol from index_prints p where p.symbol > s.symbol
        order by p.symbol limit 1)
      from symbols s where s.symbol is not null
    )
    select n.symbol, n.ts, n.price::text as price, n.sources, n.stale
    from symbols s cross join lateral (
      select symbol, ts, price, sources, stale from index_prints
      where symbol = s.symbol order by ts desc limit 1
    ) as n
    where s.symbol is not null`.execute(db);
  const prints: RecordedPrint[] = [];
  for (const row of rows) {
    const price = parseAmount(row.price);
    if (price === null) continue;
    prints.push({
      symbol: row.symbol,
      ts: new Date(row.ts).getTime(),
      price,
      sources: row.sources,
      stale: row.stale,
    });
  }
  return prints;
}
