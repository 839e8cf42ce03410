// The index price of one market: the median of its live sources. A source silent for longer than
// `staleMs` no longer counts; each source's price is first capped to a band around the previous
// index, so one wild print cannot drag the index (it moves at most the band per update); when
// every source is silent the index keeps its last value and is flagged stale, which pauses
// anything that settles on it.

export interface IndexRules {
  /** A source that has not printed for this long is dropped. */
  staleMs: number;
  /** Largest move of a source's price from the previous index that is believed, as a fraction. */
  maxDeviation: number;
}

export const defaultIndexRules: IndexRules = { staleMs: 30_000, maxDeviation: 0.05 };

export interface IndexReading {
  /** Ticks; null before any source printed. */
  price: number | null;
  stale: boolean;
  /** The sources that made this reading. */
  sources: readonly string[];
  /** The newest print the reading rests on. */
  ts: number;
}

export class IndexPrice {
  readonly #rules: IndexRules;
  readonly #prints = new Map<string, { price: number; ts: number }>();
  #last: number | null = null;

  constructor(rules: IndexRules = defaultIndexRules) {
    this.#rules = rules;
  }

  /** Records a source's price (ticks) at `ts`; an older print than the one kept is ignored. */
  record(source: string, price: number, ts: number): void {
    const kept = this.#prints.get(source);
    if (kept && kept.ts > ts) return;
    this.#prints.set(source, { price, ts });
  }

  /** The index at `now`. */
  read(now: number): IndexReading {
    const live: number[] = [];
    const sources: string[] = [];
    let newest = 0;
    for (const [source, print] of this.#prints) {
      if (now - print.ts > this.#rules.staleMs) continue;
      live.push(this.#capped(print.price));
      sources.push(source);
      newest = Math.max(newest, print.ts);
    }
    if (live.length === 0) {
      const ts = Math.max(0, ...[...this.#prints.values()].map((print) => print.ts));
      return { price: this.#last, stale: true, sources: [], ts };
    }
    this.#last = median(live);
    return { price: this.#last, stale: false, sources, ts: newest };
  }

  #capped(price: number): number {
    const reference = this.#last;
    if (reference === null) return price;
    const band = Math.floor(reference * this.#rules.maxDeviation);
    return Math.min(reference + band, Math.max(reference - band, price));
  }
}

/** Median of integer ticks; an even count averages the middle two, rounding half up. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const upper = sorted[middle];
  if (upper === undefined) throw new RangeError('the median of no values');
  if (sorted.length % 2 === 1) return upper;
  const lower = sorted[middle - 1] ?? upper;
  return Math.floor((lower + upper + 1) / 2);
}
