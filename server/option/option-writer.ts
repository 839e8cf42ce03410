// The second contract's single writer, with group commit: orders and settlements queue while a
// transaction is in flight and run as one batch, written in one transaction with their postings
// and idempotency keys, each answered only after the commit. One writer for every market, because
// every contract draws on the one pool: an order is taken only while the pool covers the most the
// open contracts can cost (exposure.ts), and a settlement pays from that same pool.
// The writer keeps the open contracts in memory, by group (the contracts of a market that open and
// expire in the same seconds: one settlement decides them all), with their exposure and each
// user's count; it reads the balances, the day's losses and the limits for the users of each batch
// from the database. A group's settlement is one row and one posting, however many contracts and
// users it holds.
import { sql } from 'kysely';
import { displayAmount, parseAmount } from '../../core/money.ts';
import { openTimeOf, outcomeOf, payoutOf, printToleranceMs } from '../../core/option/settlement.ts';
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
import { BusinessError } from '../http/business-error.ts';
import { AccountDirectory } from '../ledger/account-directory.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { BalanceChange, Posting } from '../ledger/post.ts';
import { writePostings } from '../ledger/write-postings.ts';
import type { RecordedPrint } from '../market/print-recorder.ts';
import { Exposure } from './exposure.ts';
import { closureErrors, type OptionClosure, optionClosure } from './option-gate.ts';
import type { OptionSettings } from './option-settings.ts';
import {
  type GroupSettlement,
  groupKey,
  insertContracts,
  insertSettlements,
  lastContractId,
  lossesSince,
  type OptionGroup,
  type OptionRow,
  openContracts,
} from './option-store.ts';
import { optionView } from './option-views.ts';

export interface NewOption {
  userId: number;
  symbol: string;
  direction: 'up' | 'down';
  unit: 'minute' | 'hour' | 'day';
  length: number;
  stake: bigint;
}

type OptionCommand =
  | { kind: 'order'; order: NewOption }
  /** Groups decided by their prints. */
  | { kind: 'settle'; settlements: readonly GroupSettlement[] };

/** The open contracts of one group. */
export interface OpenGroup {
  group: OptionGroup;
  contracts: Map<number, OptionRow>;
}

type Answer = OptionContract | number;

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
}

export const optionPool = { system: 'option_pool', asset: 'USDT' } as const satisfies AccountRef;
const walletOf = (user: number): AccountRef => ({ user, wallet: 'option', asset: 'USDT' });
const dayMs = 86_400_000;

export class OptionWriter {
  readonly #commands: GroupCommit<OptionCommand, Answer>;
  readonly #accounts = new AccountDirectory();
  #open = new Map<number, OptionRow>();
  #groups = new Map<string, OpenGroup>();
  #exposure = new Exposure();
  #openCount = new Map<number, number>();
  #lastId = 0;
  readonly #closure: OptionClosure | null;

  constructor(private readonly options: OptionWriterOptions) {
    this.#closure = optionClosure(options.settings, options.feedPredictable);
    this.#commands = new GroupCommit({
      db: options.db,
      batchMax: options.batchMax,
      run: (work, moved) => this.#attempt(work, moved),
      rebuild: () => this.rebuild(),
      log: options.log,
      label: 'option',
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

  /** The most the open contracts can cost the pool. */
  get exposure(): bigint {
    return this.#exposure.total;
  }

  order(order: NewOption, key?: IdempotencyKey): Promise<OptionContract> {
    return this.#commands.submit({ kind: 'order', order }, key) as Promise<OptionContract>;
  }

  /** Settles decided groups; answers how many contracts were settled now. */
  async settle(settlements: readonly GroupSettlement[]): Promise<number> {
    if (settlements.length === 0) return 0;
    return (await this.#commands.submit({ kind: 'settle', settlements })) as number;
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
    for (const row of await openContracts(db)) this.#hold(row);
    this.#lastId = await lastContractId(db);
  }

  async #attempt(work: Pending<OptionCommand, Answer>[], moved: () => void): Promise<void> {
    const { db } = this.options;
    const now = this.options.now();
    const funds = await this.#fundsOf(work, now);
    const placed: OptionRow[] = [];
    const settled: OptionCommitted['settled'] = [];
    const settlements: (GroupSettlement & { contracts: number })[] = [];
    const postings: Posting[] = [];
    const answers: (Answer | Error)[] = [];
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
        postings.push({
          kind: 'option.stake',
          reference: `option:stake:${result.id}`,
          legs: [
            { account: walletOf(result.userId), bucket: 'available', amount: -result.stake },
            { account: optionPool, bucket: 'available', amount: result.stake },
          ],
        });
        answers.push(optionView(result, null));
        continue;
      }
      let count = 0;
      for (const settlement of command.settlements) {
        const open = this.#groups.get(groupKey(settlement));
        if (!open) continue;
        moved();
        this.#release(open);
        const contracts = [...open.contracts.values()];
        count += contracts.length;
        settlements.push({ ...settlement, contracts: contracts.length });
        for (const row of contracts) settled.push({ row, settlement });
        const posting = payoutPosting(settlement, contracts);
        if (posting) postings.push(posting);
      }
      answers.push(count);
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
      const balances = await writePostings(trx, postings, ids);
      await storeKeys(trx, work, answers);
      return balances;
    });
    for (const [i, pending] of work.entries()) settle(pending, answers[i] as Answer | Error);
    if (placed.length > 0 || settled.length > 0) {
      this.options.onCommitted({ ts: now, placed, settled, balances: changed });
    }
  }

  /** Takes an order if every rule allows it, changing memory and the batch's funds; else why not. */
  #place(order: NewOption, funds: Funds, now: number): OptionRow | BusinessError {
    const refusal = this.#refusal(order, funds, now);
    if (refusal) return refusal;
    const { settings } = this.options;
    const product = settings.products.find(
      (candidate) => candidate.unit === order.unit && candidate.length === order.length,
    ) as OptionSettings['products'][number];
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

  #refusal(order: NewOption, funds: Funds, now: number): BusinessError | null {
    const { settings, symbols } = this.options;
    if (this.#closure) return new BusinessError(closureErrors[this.#closure]);
    if (!symbols.has(order.symbol)) return new BusinessError('market_unknown');
    const product = settings.products.find(
      (candidate) => candidate.unit === order.unit && candidate.length === order.length,
    );
    if (!product) return new BusinessError('option_product_unknown');
    if (order.stake < settings.minStake) {
      return new BusinessError('amount_below_minimum', {
        amount: displayAmount(settings.minStake),
      });
    }
    if (order.stake > settings.maxStake) {
      return new BusinessError('stake_above_maximum', { amount: displayAmount(settings.maxStake) });
    }
    const print = this.options.latestPrint(order.symbol);
    if (!print || print.stale || now - print.ts > printToleranceMs) {
      return new BusinessError('option_index_stale');
    }
    if ((funds.available.get(order.userId) ?? 0n) < order.stake) {
      return new BusinessError('balance_insufficient');
    }
    if ((this.#openCount.get(order.userId) ?? 0) >= settings.openLimit) {
      return new BusinessError('option_open_limit', { count: settings.openLimit });
    }
    const limit = funds.limits.get(order.userId) ?? settings.dailyLossLimit;
    if ((funds.lost.get(order.userId) ?? 0n) + order.stake > limit) {
      return new BusinessError('option_loss_limit', { amount: displayAmount(limit) });
    }
    const openTime = openTimeOf(now);
    const entry = {
      ...order,
      ratePpm: product.ratePpm,
      openTime,
      expiryTime: openTime + product.durationMs,
    };
    if (this.#exposure.totalWith(entry) > funds.pool + order.stake) {
      return new BusinessError('option_pool_exposure');
    }
    return null;
  }

  /** Lets a settled group go: its contracts, their exposure and their owners' counts. */
  #release(open: OpenGroup): void {
    this.#groups.delete(groupKey(open.group));
    for (const row of open.contracts.values()) {
      this.#open.delete(row.id);
      this.#exposure.remove(row);
      const count = (this.#openCount.get(row.userId) ?? 1) - 1;
      if (count === 0) this.#openCount.delete(row.userId);
      else this.#openCount.set(row.userId, count);
    }
  }

  /** The balances, today's losses and the limits of the batch's ordering users, and the pool. */
  async #fundsOf(work: readonly Pending<OptionCommand, Answer>[], now: number): Promise<Funds> {
    const { db } = this.options;
    const users = [
      ...new Set(
        work.flatMap((pending) =>
          pending.command.kind === 'order' ? [pending.command.order.userId] : [],
        ),
      ),
    ];
    const funds: Funds = { available: new Map(), lost: new Map(), limits: new Map(), pool: 0n };
    const pool = await sql<{ available: string }>`
      select available::text from ledger_accounts
      where system_name = ${optionPool.system} and asset = 'USDT'`.execute(db);
    funds.pool = parseAmount(pool.rows[0]?.available ?? '0') ?? 0n;
    if (users.length === 0) return funds;
    const [wallets, lost, limits] = await Promise.all([
      sql<{ user_id: number; available: string }>`
        select user_id, available::text from ledger_accounts
        where user_id = any(${users}::int[]) and wallet = 'option' and asset = 'USDT'`.execute(db),
      lossesSince(db, users, now - (now % dayMs)),
      sql<{ user_id: number; daily_limit: string; raise_to: string | null; raise_at: Date | null }>`
        select user_id, daily_limit::text, raise_to::text, raise_at from option_loss_limits
        where user_id = any(${users}::int[])`.execute(db),
    ]);
    for (const row of wallets.rows) {
      funds.available.set(row.user_id, parseAmount(row.available) ?? 0n);
    }
    funds.lost = lost;
    for (const row of limits.rows) funds.limits.set(row.user_id, effectiveLimit(row, now));
    return funds;
  }
}

interface Funds {
  available: Map<number, bigint>;
  lost: Map<number, bigint>;
  limits: Map<number, bigint>;
  pool: bigint;
}

/** A user's limit now: a raise counts once its day has passed. */
export function effectiveLimit(
  row: { daily_limit: string; raise_to: string | null; raise_at: Date | string | null },
  now: number,
): bigint {
  const raised =
    row.raise_to !== null && row.raise_at !== null && new Date(row.raise_at).getTime() <= now;
  return parseAmount(raised ? (row.raise_to as string) : row.daily_limit) ?? 0n;
}

/**
 * What a settled group pays, as one posting: from the pool to each owner the sum of their
 * contracts' payouts by the rule. None when nothing is paid (every contract lost).
 */
function payoutPosting(
  settlement: GroupSettlement,
  contracts: readonly OptionRow[],
): Posting | null {
  const byUser = new Map<number, bigint>();
  let total = 0n;
  for (const row of contracts) {
    const payout = payoutOf(outcomeOf(row.direction, settlement.upOutcome), row.stake, row.ratePpm);
    if (payout === 0n) continue;
    byUser.set(row.userId, (byUser.get(row.userId) ?? 0n) + payout);
    total += payout;
  }
  if (total === 0n) return null;
  return {
    kind: 'option.payout',
    reference: `option:settle:${groupKey(settlement)}`,
    legs: [
      { account: optionPool, bucket: 'available', amount: -total },
      ...[...byUser].map(([user, amount]) => ({
        account: walletOf(user),
        bucket: 'available' as const,
        amount,
      })),
    ],
  };
}
