// The perpetuals' publication ticks, each drained once from the books and candles and handed to
// every listener: the app's channels (contract-stream.ts) and the Binance door's streams
// (binance-market-stream.ts) read the same changes, as neither could drain them for the other.

import type { ContractService } from './contract-service.ts';
import type { CandleChanges } from './perpetual-candles.ts';
import type { BookChanges } from './public-books.ts';

export interface PerpetualTick {
  now: number;
  books: ReadonlyMap<string, BookChanges>;
  candles: ReadonlyMap<string, CandleChanges>;
}

export type TickListener = (tick: PerpetualTick) => void;

export class BookTicks {
  readonly #listeners = new Set<TickListener>();
  #stop: (() => void) | undefined;

  constructor(private readonly service: Pick<ContractService, 'onPublish' | 'books' | 'candles'>) {}

  /** Listens from the next tick on; the ticks run while someone listens. */
  on(listener: TickListener): () => void {
    this.#listeners.add(listener);
    this.#stop ??= this.service.onPublish((now) => this.#tick(now));
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size > 0) return;
      this.#stop?.();
      this.#stop = undefined;
    };
  }

  #tick(now: number): void {
    const books = this.service.books?.drain();
    if (!books) return;
    const tick = { now, books, candles: this.service.candles?.drain() ?? new Map() };
    for (const listener of this.#listeners) listener(tick);
  }
}
