// The candles of one market and period kept in memory: columns of integers (ticks, lots) in
// typed arrays, oldest first, so tens of thousands of candles cost a few bytes each and a page of
// them is a binary search and a slice away. Older history than the kept window lives in the
// database only.
import type { Candle } from '../../core/market/candle.ts';
import { wordAt } from '../matching/word-at.ts';

const fields = ['t', 'o', 'h', 'l', 'c', 'v', 'q'] as const;
type Field = (typeof fields)[number];
/** One typed array a field, all of one length. */
type Columns = Record<Field, Float64Array>;

function columnsOf(make: (field: Field) => Float64Array): Columns {
  return {
    t: make('t'),
    o: make('o'),
    h: make('h'),
    l: make('l'),
    c: make('c'),
    v: make('v'),
    q: make('q'),
  };
}

export class CandleSeries {
  readonly #max: number;
  #columns: Columns;
  #start = 0;
  #end = 0;

  constructor(maxKept = 50_000, initialCapacity = 1024) {
    this.#max = maxKept;
    this.#columns = columnsOf(() => new Float64Array(initialCapacity));
  }

  get length(): number {
    return this.#end - this.#start;
  }

  /** The newest candle, or undefined when empty. */
  last(): Candle | undefined {
    return this.length === 0 ? undefined : this.#at(this.#end - 1);
  }

  /** The oldest kept candle's open time. */
  firstTime(): number | undefined {
    return this.length === 0 ? undefined : wordAt(this.#columns.t, this.#start);
  }

  /** Replaces the newest candle when it has the same open time, else appends a newer one. */
  put(candle: Candle): void {
    const last = this.length === 0 ? undefined : wordAt(this.#columns.t, this.#end - 1);
    if (last !== undefined && candle.t < last) {
      throw new Error(`candle ${candle.t} is older than the newest kept (${last})`);
    }
    if (last !== candle.t) this.#grow();
    const at = last === candle.t ? this.#end - 1 : this.#end++;
    for (const field of fields) this.#columns[field][at] = candle[field];
    if (this.length > this.#max) this.#start = this.#end - this.#max;
  }

  /**
   * Adds older candles (oldest first) in front of the kept ones, as many as the window has room
   * for, newest first: history read back after the newest candles were already in use. Candles
   * not older than the oldest kept one are ignored.
   */
  prepend(older: readonly Candle[]): void {
    const first = this.firstTime() ?? Number.POSITIVE_INFINITY;
    let end = older.length;
    while (end > 0 && (older[end - 1]?.t ?? first) >= first) end--;
    const count = Math.min(end, this.#max - this.length);
    if (count <= 0) return;
    if (this.#start < count) {
      // Room at the front: the kept candles move up by what is added, the capacity grows to fit.
      const kept = this.length;
      const size = Math.max(this.#columns.t.length, kept + count);
      this.#columns = columnsOf((field) => {
        const next = new Float64Array(size);
        next.set(this.#columns[field].subarray(this.#start, this.#end), count);
        return next;
      });
      this.#start = count;
      this.#end = count + kept;
    }
    for (let i = 0; i < count; i++) {
      const candle = older[end - count + i];
      if (!candle) break;
      const at = this.#start - count + i;
      for (const field of fields) this.#columns[field][at] = candle[field];
    }
    this.#start -= count;
  }

  /** Up to `limit` candles that opened before `before` (all kept ones when omitted), oldest first. */
  before(limit: number, before = Number.POSITIVE_INFINITY): Candle[] {
    const end = this.#indexBefore(before);
    const from = Math.max(this.#start, end - limit);
    const out: Candle[] = [];
    for (let i = from; i < end; i++) out.push(this.#at(i));
    return out;
  }

  /** The kept candles that opened at or after `from`, oldest first. */
  since(from: number): Candle[] {
    const out: Candle[] = [];
    for (let i = Math.max(this.#start, this.#indexBefore(from)); i < this.#end; i++) {
      out.push(this.#at(i));
    }
    return out;
  }

  /** Whether the kept window reaches back to `ts` or earlier. */
  covers(ts: number): boolean {
    const first = this.firstTime();
    return first !== undefined && first <= ts;
  }

  /** First index whose open time is ≥ `ts`. */
  #indexBefore(ts: number): number {
    const times = this.#columns.t;
    let low = this.#start;
    let high = this.#end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (wordAt(times, mid) < ts) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #at(i: number): Candle {
    const column = this.#columns;
    return {
      t: wordAt(column.t, i),
      o: wordAt(column.o, i),
      h: wordAt(column.h, i),
      l: wordAt(column.l, i),
      c: wordAt(column.c, i),
      v: wordAt(column.v, i),
      q: wordAt(column.q, i),
    };
  }

  /** Makes room for one more: compacts out dropped candles first, else doubles. */
  #grow(): void {
    const capacity = this.#columns.t.length;
    if (this.#end < capacity) return;
    const kept = this.length;
    const size = kept + 1 > capacity / 2 ? capacity * 2 : capacity;
    this.#columns = columnsOf((field) => {
      const next = new Float64Array(size);
      next.set(this.#columns[field].subarray(this.#start, this.#end));
      return next;
    });
    this.#start = 0;
    this.#end = kept;
  }
}
