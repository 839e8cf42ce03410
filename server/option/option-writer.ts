// The second contract's single writer, with group commit: orders and settlements queue while a
// transaction is in flight and run as one batch, written in one transaction with their postings
// and idempotency keys, each answered only after the commit. One writer for every market, because
// every contract draws on the one pool: an order is taken only while the pool covers the most the
// open contracts can cost (exposure.ts), and a settlement pays from that same pool.
// The writer keeps the open contracts in memory, by group (the contracts of a market that open and
// expire in the same seconds: one settlement decides them all), with their exposure and each
// user's count; it reads the balances, the day's losses and the limits for the users of each batch
// from the database. A group's settlement is one row, and its payouts are paid a slice of
// contracts at a time (settlement-slice.ts), each slice one posting and one transaction sized to
// about 40 ms by the time the last ones took (server/engine/slice-sizer.ts): orders queued behind a
// settlement of 100,000 contracts wait for one slice, not for all of them.
import { openTimeOf } from '../../core/option/settlement.ts';
import type { OptionContract } from '../../schemas/api/option.schema.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import {
  GroupCommit,
  type IdempotencyKey,
  type Pending,
  settle,
  storeKeys,
} from '../engine/group-commit.ts';
import { type SliceBudget, SliceSizer } from '../engine/slice-sizer.ts';
import { BusinessError } from '../http/business-error.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import type { RecordedPrint } from '../market/print-recorder.ts';
import { Exposure } from './exposure.ts';
import { type Funds, fundsOf } from './option-funds.ts';
import { optionClosure } from './option-gate.ts';
import { checkOrder, type NewOption, type OrderRuleContext } from './option-order-rules.ts';
import { stakePosting } from './option-postings.ts';
import type { OptionSettings } from './option-settings.ts';
import {
  type GroupSettlement,
  groupKey,
  insertContracts,
  insertSettlements,
  lastContractId,
  type OptionRow,
  openContracts,
} from './option-store.ts';
import { optionView } from './option-views.ts';
import {
  type RoundChange,
  roundsUnderway,
  type SettlementRound,
  saveRoundChanges,
} from './settlement-rounds.ts';
import { type OpenGroup, planSettlementSlice, type SettleAnswer } from './settlement-slice.ts';

type OptionCommand =
  | { kind: 'order'; order: NewOption }
  /** Groups decided by their prints: the next slice of their contracts. */
  | { kind: 'settle'; settlements: readonly GroupSettlement[] };

export type { OpenGroup, SettleAnswer };

type Answer = OptionContract | SettleAnswer;

/** What a committed batch changed, for the socket. */
export interface OptionCommitted {
  ts: number;
  placed: OptionRow[];
  settled: { row: OptionRow; settlement: GroupSettlement }[];
  balances: BalanceChange[];
}

export interface OptionWriterOptions {
  db: Db;
  settings: OptionSettings;
  /** The markets offered. */
  symbols: ReadonlySet<string>;
  /** A market feed's next print can be computed from public data: no order is taken unless allowed. */
  feedPredictable: boolean;
  now(): number;
  /** The newest recorded print of a market: an order needs a fresh one. */
  latestPrint(symbol: string): RecordedPrint | undefined;
  batchMax: number;
  onCommitted(committed: OptionCommitted): void;
  log: {
    error(details: object, message: string): void;
    warn(details: object, message: string): void;
  };
  /** How long a settlement's slice may take; the round's default unless a test sets it. */
  slice?: SliceBudget;
}

export class OptionWriter {
  readonly #commands: GroupCommit<OptionCommand, Answer>;
  readonly #accounts = new AccountDirectory();
  #open = new Map<number, OptionRow>();
  #groups = new Map<string, OpenGroup>();
  /** The groups being settled in slices, by group key. */
  #rounds = new Map<string, SettlementRound>();
  readonly #slice: SliceSizer;
  #exposure = new Exposure();
  #openCount = new Map<number, number>();
  #lastId = 0;
  readonly #rules: OrderRuleContext;

  constructor(private readonly options: OptionWriterOptions) {
    this.#slice = new SliceSizer(options.slice);
    this.#rules = {
      settings: options.settings,
      symbols: options.symbols,
      closure: optionClosure(options.settings, options.feedPredictable),
      latestPrint: (symbol) => options.latestPrint(symbol),
      openCount: (userId) => this.#openCount.get(userId) ?? 0,
      exposureWith: (entry) => this.#exposure.totalWith(entry),
    };
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) => this.#attempt(work, moved),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'option',
      // A settlement's slice runs alone: its time, which sizes the next, is the slice's own.
      alone: (command) => command.kind === 'settle',
    });
  }

  /** The open contracts, by id. */
  get open(): ReadonlyMap<number, OptionRow> {
    return this.#open;
  }

  /** The open contracts by group. */
  get groups(): ReadonlyMap<string, OpenGroup> {
    return this.#groups;
  }

  /** The groups being settled in slices: their recorded settlement and how far they have come. */
  get rounds(): ReadonlyMap<string, SettlementRound> {
    return this.#rounds;
  }

  /** The most the open contracts can cost the pool. */
  get exposure(): bigint {
    return this.#exposure.total;
  }

  order(order: NewOption, key?: IdempotencyKey): Promise<OptionContract> {
    return this.#commands.submit({ kind: 'order', order }, key) as Promise<OptionContract>;
  }

  /**
   * Settles the next slice of the decided groups' contracts, in the groups' order; answers how many
   * it settled and how many of theirs are left for the next slices.
   */
  async settle(settlements: readonly GroupSettlement[]): Promise<SettleAnswer> {
    if (settlements.length === 0) return { contracts: 0, left: 0 };
    return (await this.#commands.submit({ kind: 'settle', settlements })) as SettleAnswer;
  }

  async idle(): Promise<void> {
    await this.#commands.idle();
  }

  async rebuild(): Promise<void> {
    const { db } = this.options;
    this.#open = new Map();
    this.#groups = new Map();
    this.#exposure = new Exposure();
    this.#openCount = new Map();
    this.#rounds = await roundsUnderway(db);
    for (const row of await openContracts(db)) this.#hold(row);
    this.#lastId = await lastContractId(db);
  }

  async #attempt(work: Pending<OptionCommand, Answer>[], moved: () => void): Promise<void> {
    const { db } = this.options;
    const now = this.options.now();
    // A slice runs in a batch of its own (`alone` above): its time is what an order queued behind
    // it waits, from here to the end of the batch.
    const started = performance.now();
    const funds = await this.#fundsOf(work, now);
    const placed: OptionRow[] = [];
    const settled: OptionCommitted['settled'] = [];
    const settlements: (GroupSettlement & { contracts: number })[] = [];
    const rounds: RoundChange[] = [];
    const postings: Posting[] = [];
    const answers: (Answer | Error)[] = [];
    let sliced = 0;
    for (const pending of work) {
      const { command } = pending;
      if (command.kind === 'order') {
        const result = this.#place(command.order, funds, now);
        if (result instanceof Error) {
          answers.push(result);
          continue;
        }
        moved();
        placed.push(result);
        postings.push(stakePosting(result));
        answers.push(optionView(result, null));
        continue;
      }
      const slice = planSettlementSlice(
        command.settlements,
        this.#groups,
        this.#rounds,
        this.#slice.size,
      );
      if (slice.taken.length > 0) moved();
      for (const { open, rows, settlement } of slice.taken) {
        this.#release(open, rows);
        for (const row of rows) settled.push({ row, settlement });
      }
      for (const change of slice.rounds) this.#moveRound(change, slice.decided);
      settlements.push(...slice.decided);
      rounds.push(...slice.rounds);
      postings.push(...slice.postings);
      sliced += slice.answer.contracts;
      answers.push(slice.answer);
    }
    // Looked up (and made) before the transaction, as spot's writer does: an id kept from a
    // transaction that rolled back would name an account that does not exist.
    const ids = await this.#accounts.resolve(
      db,
      postings.flatMap((posting) => posting.legs.map((leg) => leg.account)),
    );
    const changed = await transact(db, async (trx) => {
      await insertContracts(trx, placed);
      await insertSettlements(trx, settlements);
      await saveRoundChanges(trx, rounds);
      const balances = await writePostings(trx, postings, ids);
      await storeKeys(trx, work, answers);
      return balances;
    });
    for (const [i, pending] of work.entries()) settle(pending, answers[i] as Answer | Error);
    if (placed.length > 0 || settled.length > 0) {
      this.options.onCommitted({ ts: now, placed, settled, balances: changed });
    }
    if (sliced > 0) this.#slice.record(sliced, performance.now() - started);
  }

  /** Takes an order if every rule allows it, changing memory and the batch's funds; else why not. */
  #place(order: NewOption, funds: Funds, now: number): OptionRow | BusinessError {
    const product = checkOrder(order, funds, now, this.#rules);
    if (product instanceof BusinessError) return product;
    const openTime = openTimeOf(now);
    const row: OptionRow = {
      id: ++this.#lastId,
      userId: order.userId,
      symbol: order.symbol,
      direction: order.direction,
      unit: order.unit,
      length: order.length,
      stake: order.stake,
      ratePpm: product.ratePpm,
      acceptedAt: now,
      openTime,
      expiryTime: openTime + product.durationMs,
    };
    this.#hold(row);
    funds.available.set(row.userId, (funds.available.get(row.userId) ?? 0n) - row.stake);
    funds.lost.set(row.userId, (funds.lost.get(row.userId) ?? 0n) + row.stake);
    funds.pool += row.stake;
    return row;
  }

  /** Keeps an open contract in memory: its group, its exposure, its owner's count. */
  #hold(row: OptionRow): void {
    this.#open.set(row.id, row);
    const key = groupKey(row);
    let open = this.#groups.get(key);
    if (!open) {
      open = {
        group: { symbol: row.symbol, openTime: row.openTime, expiryTime: row.expiryTime },
        contracts: new Map(),
      };
      this.#groups.set(key, open);
    }
    open.contracts.set(row.id, row);
    this.#exposure.add(row);
    this.#openCount.set(row.userId, (this.#openCount.get(row.userId) ?? 0) + 1);
  }

  /** Keeps in memory how far a group's round has come: a new one, moved on, or ended. */
  #moveRound(
    change: RoundChange,
    decided: readonly (GroupSettlement & { contracts: number })[],
  ): void {
    const key = groupKey(change.group);
    if (!change.to) {
      this.#rounds.delete(key);
      return;
    }
    const begun = decided.find((settlement) => groupKey(settlement) === key);
    const round = this.#rounds.get(key);
    const settlement = round?.settlement ?? begun;
    if (!settlement) throw new Error(`no settlement for the round of ${key}`);
    const contracts = round?.contracts ?? begun?.contracts ?? 0;
    this.#rounds.set(key, { settlement, contracts, ...change.to });
  }

  /** Lets settled contracts go: their exposure and their owners' counts, and their group once empty. */
  #release(open: OpenGroup, rows: readonly OptionRow[]): void {
    for (const row of rows) {
      open.contracts.delete(row.id);
      this.#open.delete(row.id);
      this.#exposure.remove(row);
      const count = (this.#openCount.get(row.userId) ?? 1) - 1;
      if (count === 0) this.#openCount.delete(row.userId);
      else this.#openCount.set(row.userId, count);
    }
    if (open.contracts.size === 0) this.#groups.delete(groupKey(open.group));
  }

  /**
   * The balances, today's losses and the limits of the batch's ordering users, and the pool; none
   * read for a batch of settlement slices alone, which checks no order against them.
   */
  async #fundsOf(work: readonly Pending<OptionCommand, Answer>[], now: number): Promise<Funds> {
    const { db } = this.options;
    if (!work.some((pending) => pending.command.kind === 'order')) {
      return { available: new Map(), lost: new Map(), limits: new Map(), pool: 0n };
    }
    const users = [
      ...new Set(
        work.flatMap((pending) =>
          pending.command.kind === 'order' ? [pending.command.order.userId] : [],
        ),
      ),
    ];
    return fundsOf(db, users, now);
  }
}
