// The recording node's side of the index prints, for tests of their relay: rounds handed to its
// listeners as the print recorder would hand them.
import type { IndexPrints, RecordedPrint } from '../../server/market/index-prints.ts';

export class RecordedRounds implements IndexPrints {
  readonly #listeners = new Set<(prints: readonly RecordedPrint[]) => void>();

  onRecorded(listener: (prints: readonly RecordedPrint[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  latest(): RecordedPrint | undefined {
    return undefined;
  }

  latestRound(): RecordedPrint[] {
    return [];
  }

  record(prints: readonly RecordedPrint[]): void {
    for (const listener of this.#listeners) listener(prints);
  }
}
