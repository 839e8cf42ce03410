// Settles the second contracts on every round of index prints: the open groups (the contracts of a
// market that open and expire in the same seconds) whose prints are in, or whose window for one
// passed without a fresh print, are decided by the published rule (core/option/settlement.ts) from
// the prints read back from the database, the same record `/option/verify` and anyone else reads,
// and written by the writer a slice of contracts at a time, one transaction each, so that orders
// are answered between the slices; a long settlement says how far it has come every few seconds.
// A group whose settlement began in slices before a restart is carried on by the decision its
// first slice recorded; after a restart the first round settles whatever expired meanwhile the
// same way.
import { isDecided, printAt, printToleranceMs, upOutcome } from '../../core/option/settlement.ts';
import type { Db } from '../db/database.ts';
import type { RecordedPrint } from '../market/print-recorder.ts';
import {
  type GroupSettlement,
  groupKey,
  type OptionGroup,
  printsIn,
  type StoredPrint,
} from './option-store.ts';
import type { OptionWriter } from './option-writer.ts';

/** How often a settlement in progress says how far it has come. */
const progressEveryMs = 5_000;

/** What one pass settled: its contracts, in how many slices, and the longest slice's wait, ms. */
export interface SettlementPass {
  contracts: number;
  slices: number;
  longestMs: number;
  /** Contracts of its groups still open: some only when the settler stopped partway. */
  left: number;
}

export class OptionSettler {
  #running: Promise<void> = Promise.resolve();
  #stopListening: (() => void) | undefined;
  #stopping = false;

  constructor(
    private readonly options: {
      db: Db;
      writer: OptionWriter;
      now(): number;
      onPrints(listener: (prints: readonly RecordedPrint[]) => void): () => void;
      log: {
        info(details: object, message: string): void;
        warn(details: object, message: string): void;
      };
    },
  ) {}

  start(): void {
    this.#stopping = false;
    this.#stopListening = this.options.onPrints(() => this.#queue());
    this.#queue();
  }

  /** Stops after the slice under way: the next writer carries the rest on from it. */
  async stop(): Promise<void> {
    this.#stopping = true;
    this.#stopListening?.();
    await this.#running;
  }

  /** One pass: every group decided at `now` settled, a slice at a time. */
  async settleDue(now = this.options.now()): Promise<SettlementPass> {
    const decided = await this.#decided(now);
    const pass: SettlementPass = { contracts: 0, slices: 0, longestMs: 0, left: 0 };
    if (decided.length === 0) return pass;
    const { writer, log } = this.options;
    const started = performance.now();
    let reported = started;
    for (;;) {
      const sliceStarted = performance.now();
      const slice = await writer.settle(decided);
      pass.longestMs = Math.max(pass.longestMs, performance.now() - sliceStarted);
      pass.contracts += slice.contracts;
      if (slice.contracts > 0) pass.slices += 1;
      pass.left = slice.left;
      if (slice.left === 0 || slice.contracts === 0 || this.#stopping) break;
      if (performance.now() - reported >= progressEveryMs) {
        reported = performance.now();
        log.info(
          { settled: pass.contracts, of: pass.contracts + slice.left, slices: pass.slices },
          'second contracts being settled',
        );
      }
    }
    if (pass.slices > 1 || pass.left > 0) {
      log.info(
        {
          contracts: pass.contracts,
          slices: pass.slices,
          left: pass.left,
          ms: Math.round(performance.now() - started),
          longestSliceMs: Math.round(pass.longestMs),
        },
        pass.left > 0
          ? 'second contracts settled partway, the rest left to the next writer'
          : 'second contracts settled',
      );
    }
    return pass;
  }

  /**
   * The settlements of the groups due at `now`: a group already being settled in slices by its
   * recorded settlement, first; every other by the rule from its prints, unless not decided yet.
   */
  async #decided(now: number): Promise<GroupSettlement[]> {
    const { writer } = this.options;
    const underway = [...writer.rounds.values()]
      .filter((round) => writer.groups.has(groupKey(round.settlement)))
      .map((round) => round.settlement);
    const due = [...writer.groups.values()].filter(
      ({ group }) =>
        !writer.rounds.has(groupKey(group)) &&
        (group.expiryTime <= now || group.openTime + printToleranceMs < now),
    );
    if (due.length === 0) return underway;
    const prints = await this.#printsFor(due.map(({ group }) => group));
    const decided: GroupSettlement[] = [...underway];
    for (const { group } of due) {
      const recorded = prints.get(group.symbol) ?? [];
      const opening = printAt(recorded, group.openTime);
      const settlement = printAt(recorded, group.expiryTime);
      if (!isDecided(group, opening, settlement, now)) continue;
      decided.push({
        ...group,
        openPrice: opening?.price ?? null,
        openPrintAt: opening?.ts ?? null,
        settlePrice: settlement?.price ?? null,
        settlePrintAt: settlement?.ts ?? null,
        upOutcome: upOutcome(opening, settlement),
        settledAt: now,
      });
    }
    return decided;
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
