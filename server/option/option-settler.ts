// Settles the second contracts on every round of index prints: the open groups (the contracts of a
// market that open and expire in the same seconds) whose prints are in, or whose window for one
// passed without a fresh print, are decided by the published rule (core/option/settlement.ts) from
// the prints read back from the database, the same record `/option/verify` and anyone else reads,
// and written by the writer in batches of up to 20,000 contracts, one transaction each. After a
// restart the first round settles whatever expired meanwhile the same way.
import { isDecided, printAt, printToleranceMs, upOutcome } from '../../core/option/settlement.ts';
import type { Db } from '../db/database.ts';
import type { RecordedPrint } from '../market/print-recorder.ts';
import {
  type GroupSettlement,
  type OptionGroup,
  printsIn,
  type StoredPrint,
} from './option-store.ts';
import type { OptionWriter } from './option-writer.ts';

/** Contracts per settlement transaction (a larger group is settled alone, in one). */
export const settleBatch = 20_000;

export class OptionSettler {
  #running: Promise<void> = Promise.resolve();
  #stopListening: (() => void) | undefined;

  constructor(
    private readonly options: {
      db: Db;
      writer: OptionWriter;
      now(): number;
      onPrints(listener: (prints: readonly RecordedPrint[]) => void): () => void;
      log: { warn(details: object, message: string): void };
    },
  ) {}

  start(): void {
    this.#stopListening = this.options.onPrints(() => this.#queue());
    this.#queue();
  }

  async stop(): Promise<void> {
    this.#stopListening?.();
    await this.#running;
  }

  /** One pass: every group decided at `now` settled; answers how many contracts. */
  async settleDue(now = this.options.now()): Promise<number> {
    const due = [...this.options.writer.groups.values()].filter(
      ({ group }) => group.expiryTime <= now || group.openTime + printToleranceMs < now,
    );
    if (due.length === 0) return 0;
    const prints = await this.#printsFor(due.map(({ group }) => group));
    let batch: GroupSettlement[] = [];
    let size = 0;
    let settled = 0;
    for (const { group, contracts } of due) {
      const recorded = prints.get(group.symbol) ?? [];
      const opening = printAt(recorded, group.openTime);
      const settlement = printAt(recorded, group.expiryTime);
      if (!isDecided(group, opening, settlement, now)) continue;
      if (size > 0 && size + contracts.size > settleBatch) {
        settled += await this.options.writer.settle(batch);
        batch = [];
        size = 0;
      }
      batch.push({
        ...group,
        openPrice: opening?.price ?? null,
        openPrintAt: opening?.ts ?? null,
        settlePrice: settlement?.price ?? null,
        settlePrintAt: settlement?.ts ?? null,
        upOutcome: upOutcome(opening, settlement),
        settledAt: now,
      });
      size += contracts.size;
    }
    return settled + (await this.options.writer.settle(batch));
  }

  /** The prints of every window the due groups read, by market, in time order. */
  async #printsFor(groups: readonly OptionGroup[]): Promise<Map<string, StoredPrint[]>> {
    const windows = groups.flatMap((group) =>
      [group.openTime, group.expiryTime].map((at) => ({
        symbol: group.symbol,
        from: at,
        to: at + printToleranceMs,
      })),
    );
    const bySymbol = new Map<string, StoredPrint[]>();
    for (const print of await printsIn(this.options.db, windows)) {
      const list = bySymbol.get(print.symbol) ?? [];
      list.push(print);
      bySymbol.set(print.symbol, list);
    }
    return bySymbol;
  }

  #queue(): void {
    this.#running = this.#running
      .then(() => this.settleDue())
      .then(
        () => undefined,
        (error: unknown) => this.options.log.warn({ err: error }, 'second contracts not settled'),
      );
  }
}
