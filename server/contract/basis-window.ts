// The moving basis of each perpetual's mark: samples of mid − index taken at their own cadence
// (one a second by default) and averaged over the window (Binance: the last 5 minutes). The window is
// a span of time, not a count: samples older than it no longer count, so a book that emptied (no
// sample while a side is missing) lets the basis fall back to zero rather than keep an old one.
// Each sample is recorded with the mark of its round, and a restarted recorder takes the recent
// ones back (`restore`), so the mark does not jump when the server restarts.
import { averageBasis } from '../../core/contract/mark.ts';

export interface BasisWindowSettings {
  /** How long a sample counts, ms. */
  windowMs: number;
  /** At most one sample per this many ms, counted from the epoch. */
  sampleMs: number;
}

interface Sample {
  at: number;
  basis: bigint;
}

export class BasisWindow {
  readonly #samples = new Map<string, Sample[]>();

  constructor(private readonly settings: BasisWindowSettings) {}

  /** Whether a sample at `at` is due: none yet in its cadence slot. */
  due(symbol: string, at: number): boolean {
    const last = this.#samples.get(symbol)?.at(-1);
    const slot = (ms: number) => Math.floor(ms / this.settings.sampleMs);
    return last === undefined || slot(at) > slot(last.at);
  }

  /** Adds a sample (the caller asked `due` first); drops those the window no longer holds. */
  add(symbol: string, at: number, basis: bigint): void {
    const samples = this.#samples.get(symbol) ?? [];
    samples.push({ at, basis });
    const since = at - this.settings.windowMs;
    while (samples.length > 0 && (samples[0] as Sample).at <= since) samples.shift();
    this.#samples.set(symbol, samples);
  }

  /** The moving basis at `at`: the average of the samples in (at − window, at]. */
  average(symbol: string, at: number): bigint {
    const since = at - this.settings.windowMs;
    const held = (this.#samples.get(symbol) ?? []).filter(
      (sample) => sample.at > since && sample.at <= at,
    );
    return averageBasis(held.map((sample) => sample.basis));
  }

  /** Takes back recorded samples, oldest first, as they were taken before a restart. */
  restore(symbol: string, samples: readonly Sample[]): void {
    for (const sample of samples) {
      if (this.due(symbol, sample.at)) this.add(symbol, sample.at, sample.basis);
    }
  }
}
