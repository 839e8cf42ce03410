// The candles of one market and period kept in memory: columns of integers (ticks, lots) in
// typed arrays, oldest first, so tens of thousands of candles cost a few bytes each and a page of
// them is a binary search and a slice away. Older history than the kept window lives in the
// database only.
import type { Candle } from '../../core/market/candle.ts';

const fields = ['t', 'o', 'h', 'l', 'c', 'v', 'q'] as const;

export class CandleSeries {
  readonly #max: number;
  #columns: Float64Array[];
  #start = 0;
  #end = 0;

  constructor(maxKept = 50_000, initialCapacity = 1024) {
    this.#max = maxKept;
    this.#columns = fields.map(() => new Float64Array(initialCapacity));
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
    return this.length === 0 ? undefined : (this.#columns[0] as Float64Array)[this.#start];
  }

  /** Replaces the newest candle when it has the same open time, else appends a newer one. */
  put(candle: Candle): void {
    const last = this.length === 0 ? undefined : (this.#columns[0] as Float64Array)[this.#end - 1];
    if (last !== undefined && candle.t < last) {
      throw new Error(`candle ${candle.t} is older than the newest kept (${last})`);
    }
    if (last !== candle.t) this.#grow();
    const at = last === candle.t ? this.#end - 1 : this.#end++;
    fields.forEach((field, column) => {
      (this.#columns[column] as Float64Array)[at] = candle[field];
    });
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
    while (end > 0 && (older[end - 1] as Candle).t >= first) end--;
    const count = Math.min(end, this.#max - this.length);
    if (count <= 0) return;
    if (this.#start < count) {
      // Room at the front: the kept candles move up by what is added, the capacity grows to fit.
      const kept = this.length;
      const size = Math.max((this.#columns[0] as Float64Array).length, kept + count);
      this.#columns = this.#columns.map((column) => {
        const next = new Float64Array(size);
        next.set(column.subarray(this.#start, this.#end), count);
        return next;
      });
      this.#start = count;
      this.#end = count + kept;
    }
    for (let i = 0; i < count; i++) {
      const candle = older[end - count + i] as Candle;
      const at = this.#start - count + i;
      fields.forEach((field, column) => {
        (this.#columns[column] as Float64Array)[at] = candle[field];
      });
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
    const times = this.#columns[0] as Float64Array;
    let low = this.#start;
    let high = this.#end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((times[mid] as number) < ts) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  #at(i: number): Candle {
    const [t, o, h, l, c, v, q] = this.#columns.map((column) => column[i] as number) as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return { t, o, h, l, c, v, q };
  }

  /** Makes room for one more: compacts out dropped candles first, else doubles. */
  #grow(): void {
    const capacity = (this.#columns[0] as Float64Array).length;
    if (this.#end < capacity) return;
    const kept = this.length;
    const size = kept + 1 > capacity / 2 ? capacity * 2 : capacity;
    this.#columns = this.#columns.map((column) => {
      const next = new Float64Array(size);
      next.set(column.subarray(this.#start, this.#end));
      return next;
    });
    this.#start = 0;
    this.#end = kept;
  }
}
