// Funding of the perpetuals over time: every `sampleMs` a premium sample per market from the
// impact prices of its book against the index (the average fill price of the market's impact
// notional on each side, recorded in `contract_premiums`), and at every interval boundary
// (epoch-aligned, as 00:00, 08:00 and 16:00 UTC for 8 h) a round at the rate the interval's
// samples give under the rule scaled to the interval (core/contract/funding.ts), paid by the
// engine a slice of positions at a time (funding-rounds.ts), beside the clock's ticks, so samples
// go on being taken while a round of many positions is paid. Its progress is logged every 5 s.
// A market whose mark is not fresh at the boundary skips the round: a stale index freezes funding.
// The node that held the engines may die between a boundary and its round: the node that takes
// them over pays that round, once, at its first tick with a fresh mark, when the boundary passed
// less than `lateRoundMs` before it started, fresh marks were recorded in the seconds before the
// boundary, and `contract_funding_rounds` has no round at it. A boundary passed while no engine
// ran, or longer ago, is not paid later. A round under way that nothing is paying (a stopped node
// left it, or a slice failed) is taken up again at the next tick, from where its slices reached.
import { sql } from 'kysely';
import {
  type FundingRule,
  fundingRate,
  impactNotional,
  premiumSample,
} from '../../core/contract/funding.ts';
import { notional } from '../../core/contract/margin.ts';
import { formatAmount } from '../../core/money.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import type { IndexSource } from '../market/printed-index.ts';
import type { ContractEngine } from './contract-engine.ts';
import { type ContractMarket, priceAtoms, quantityAtoms } from './contract-markets.ts';
import type { FundingCommand } from './funding-payments.ts';
import type { RunningRound } from './funding-rounds.ts';

export interface FundingSettings {
  intervalMs: number;
  sampleMs: number;
  /** Interest and clamp per 8 h, and the cap: the rule the clock scales to `intervalMs`. */
  rule: Omit<FundingRule, 'intervalMs'>;
  /** USDT atoms of margin: a market's impact notional is this at its maximum leverage. */
  impactMargin: bigint;
}

export interface PaidRound {
  symbol: string;
  fundingTime: number;
  rate: bigint;
  mark: bigint;
}

/** How long after a boundary a newly started clock still pays that boundary's missed round. */
export const lateRoundMs = 60_000;
/** A fresh mark recorded this long before a boundary shows the engines were running at it. */
const runningBeforeMs = 5_000;
/** How often a round under way logs how far it has reached. */
const progressEveryMs = 5_000;

const termsOf = (round: RunningRound): FundingCommand => ({
  kind: 'fund',
  symbol: round.symbol,
  rate: round.rate,
  mark: round.mark,
  fundingTime: round.fundingTime,
  samples: round.samples,
});

interface Sample {
  ts: number;
  premium: bigint;
}

export class FundingClock {
  readonly #samples = new Map<string, Sample[]>();
  readonly #lastRate = new Map<string, bigint>();
  readonly #paid = new Map<string, PaidRound>();
  /** Estimates heard from the nodes holding markets not held here. */
  readonly #heard = new Map<string, bigint>();
  #boundary = 0;
  /** Markets whose round at `#boundary` a newly started clock found unpaid and still owes. */
  #owed = new Set<string>();
  #timer: unknown;
  #running: Promise<void> = Promise.resolve();
  /** The rounds being paid, one after another, beside the ticks. */
  #rounds: Promise<void> = Promise.resolve();
  /** Set by `stop`: a round under way stops between slices, for the next node to finish. */
  #stopping = false;
  /** Per market, how many of its rounds are queued or being paid. */
  readonly #paying = new Map<string, number>();

  constructor(
    private readonly options: {
      db: Db;
      engine: ContractEngine;
      /** Each market's index: the market data's, or the recorded prints' on a node without it. */
      indexOf(symbol: string): IndexSource | undefined;
      scheduler: Scheduler;
      settings: FundingSettings;
      /** Told of every round once it is paid. */
      onPaid(round: PaidRound): void;
      log: {
        info(details: object, message: string): void;
        warn(details: object, message: string): void;
      };
    },
  ) {}

  /** Another node's estimate for a market it holds, heard over the bus. */
  heardEstimate(symbol: string, rate: bigint): void {
    this.#heard.set(symbol, rate);
  }

  /** The last round paid in a market since start, if any. */
  lastRound(symbol: string): PaidRound | undefined {
    return this.#paid.get(symbol);
  }

  /** The rate of the last round paid, parts per 10^8 (what the mark carries to the next). */
  lastRate(symbol: string): bigint {
    return this.#lastRate.get(symbol) ?? 0n;
  }

  /**
   * The rate the coming round would pay if it were now: from this clock's samples for a market held
   * here, else as the market's own node last said (markets spread over the nodes).
   */
  estimatedRate(symbol: string): bigint {
    const heard = this.#heard.get(symbol);
    if (heard !== undefined && !this.options.engine.holds(symbol)) return heard;
    return fundingRate(
      (this.#samples.get(symbol) ?? []).map((sample) => sample.premium),
      this.#rule,
    );
  }

  /** The rule at the clock's interval. */
  get #rule(): FundingRule {
    const { rule, intervalMs } = this.options.settings;
    return { ...rule, intervalMs };
  }

  /** The coming round's time, ms. */
  nextFunding(now: number): number {
    const { intervalMs } = this.options.settings;
    return now - (now % intervalMs) + intervalMs;
  }

  async start(): Promise<void> {
    const { scheduler, settings } = this.options;
    const now = scheduler.now();
    this.#boundary = now - (now % settings.intervalMs);
    // Started again when the markets held here change: the samples come back from the table.
    this.#stopping = false;
    this.#samples.clear();
    await this.#restore();
    if (now - this.#boundary < lateRoundMs) this.#owed = await this.#unpaid(this.#boundary);
    this.#timer = scheduler.setInterval(() => {
      this.#running = this.#running.then(() =>
        this.tick().catch((error) => this.options.log.warn({ err: error }, 'funding tick failed')),
      );
    }, settings.sampleMs);
  }

  async stop(): Promise<void> {
    this.options.scheduler.clearInterval(this.#timer);
    this.#stopping = true;
    await this.#running;
    await this.#rounds;
  }

  /** One sample per market; then, past a boundary, the round it ends. */
  async tick(): Promise<void> {
    const { scheduler, settings, engine } = this.options;
    const now = scheduler.now();
    const boundary = now - (now % settings.intervalMs);
    if (boundary > this.#boundary) {
      this.#owed.clear();
      this.#boundary = boundary;
      for (const market of engine.heldMarkets()) await this.#round(market, boundary);
    } else if (this.#owed.size > 0) {
      if (now - boundary >= lateRoundMs) this.#owed.clear();
      for (const symbol of this.#owed) {
        // The first fresh mark comes a moment after the engines start: until then the round waits.
        const market = engine.markets.get(symbol);
        if (!market || !engine.holds(symbol) || engine.marks.fresh(symbol) === null) continue;
        this.#owed.delete(symbol);
        await this.#round(market, boundary);
      }
    }
    for (const round of engine.fundingRounds()) {
      if (!this.#paying.get(round.symbol)) this.#pay(termsOf(round));
    }
    await this.#sample(now);
  }

  /**
   * The markets whose engines ran up to this boundary (a fresh mark recorded in the seconds before
   * it) and whose round at it is not recorded: the round the node that held them did not pay.
   */
  async #unpaid(boundary: number): Promise<Set<string>> {
    const at = new Date(boundary).toISOString();
    const owed = await sql<{ symbol: string }>`
      select distinct m.symbol from contract_marks m
      where m.ts between ${at}::timestamptz - make_interval(secs => ${runningBeforeMs / 1000})
        and ${at}::timestamptz
        and not m.stale and m.mark_price is not null
        and not exists (select 1 from contract_funding_rounds r
          where r.symbol = m.symbol and r.funding_time = ${at}::timestamptz)`.execute(
      this.options.db,
    );
    return new Set(
      owed.rows.map((row) => row.symbol).filter((symbol) => this.options.engine.holds(symbol)),
    );
  }

  async #sample(now: number): Promise<void> {
    const rows: {
      symbol: string;
      index: bigint;
      bid: bigint | null;
      ask: bigint | null;
      premium: bigint;
    }[] = [];
    for (const market of this.options.engine.heldMarkets()) {
      const reading = this.options.indexOf(market.symbol)?.indexAt(now);
      if (!reading || reading.price === null || reading.stale) continue;
      const index = priceAtoms(market, reading.price);
      const bid = this.#impact(market, 'buy');
      const ask = this.#impact(market, 'sell');
      // A side without the depth counts as the index: it adds nothing to the premium.
      const premium = premiumSample(bid ?? index, ask ?? index, index);
      rows.push({ symbol: market.symbol, index, bid, ask, premium });
      const samples = this.#samples.get(market.symbol) ?? [];
      samples.push({ ts: now, premium });
      this.#samples.set(market.symbol, samples);
    }
    if (rows.length === 0) return;
    const nullable = (value: bigint | null) => (value === null ? null : formatAmount(value));
    await sql`
      insert into contract_premiums (symbol, ts, index_price, impact_bid, impact_ask, premium)
      select symbol, ${new Date(now).toISOString()}::timestamptz, index_price, impact_bid,
        impact_ask, premium from unnest(
        ${rows.map((row) => row.symbol)}::text[],
        ${rows.map((row) => formatAmount(row.index))}::numeric[],
        ${rows.map((row) => nullable(row.bid))}::numeric[],
        ${rows.map((row) => nullable(row.ask))}::numeric[],
        ${rows.map((row) => row.premium.toString())}::bigint[]
      ) as p(symbol, index_price, impact_bid, impact_ask, premium)
      on conflict (symbol, ts) do nothing`.execute(this.options.db);
  }

  /** The average price at which the impact notional fills against one side of the book. */
  #impact(market: ContractMarket, side: 'buy' | 'sell'): bigint | null {
    const book = this.options.engine.book(market.symbol);
    if (!book) return null;
    let value = 0n;
    let quantity = 0n;
    const target = impactNotional(this.options.settings.impactMargin, market.maxLeverage);
    for (const level of book.depth(side, 1_000)) {
      const price = priceAtoms(market, level.price);
      const levelQuantity = quantityAtoms(market, level.quantity);
      const levelValue = notional(levelQuantity, price);
      if (value + levelValue >= target) {
        const part = ((target - value) * 100_000_000n) / price;
        return (target * 100_000_000n) / (quantity + part);
      }
      value += levelValue;
      quantity += levelQuantity;
    }
    return null;
  }

  async #round(market: ContractMarket, boundary: number): Promise<void> {
    const { engine, settings } = this.options;
    const samples = (this.#samples.get(market.symbol) ?? []).filter(
      (sample) => sample.ts <= boundary && sample.ts > boundary - settings.intervalMs,
    );
    this.#samples.set(
      market.symbol,
      (this.#samples.get(market.symbol) ?? []).filter((sample) => sample.ts > boundary),
    );
    const mark = engine.marks.fresh(market.symbol);
    if (mark === null) return;
    const rate = fundingRate(
      samples.map((sample) => sample.premium),
      this.#rule,
    );
    this.#pay({
      kind: 'fund',
      symbol: market.symbol,
      rate,
      mark,
      fundingTime: new Date(boundary),
      samples: samples.length,
    });
  }

  /** Queues the round to be paid to its end, a slice per command, after the rounds before it. */
  #pay(command: FundingCommand): void {
    const paying = (change: number) =>
      this.#paying.set(command.symbol, (this.#paying.get(command.symbol) ?? 0) + change);
    paying(1);
    this.#rounds = this.#rounds.then(() =>
      this.#payToEnd(command)
        .catch((error) =>
          this.options.log.warn({ err: error, symbol: command.symbol }, 'funding round failed'),
        )
        .finally(() => paying(-1)),
    );
  }

  async #payToEnd(command: FundingCommand): Promise<void> {
    const { engine, scheduler, log } = this.options;
    const fundingTime = command.fundingTime.toISOString();
    let logged = scheduler.now();
    let payments = 0;
    for (;;) {
      if (this.#stopping) return;
      const slice = await engine.fund(command);
      payments += slice.payments;
      if (slice.finished) break;
      if (scheduler.now() - logged >= progressEveryMs) {
        logged = scheduler.now();
        const round = engine.fundingRounds().find((running) => running.symbol === command.symbol);
        log.info(
          { symbol: command.symbol, fundingTime, paid: payments, of: round?.total },
          'funding round under way',
        );
      }
    }
    log.info({ symbol: command.symbol, fundingTime, payments }, 'funding round paid');
    this.#lastRate.set(command.symbol, command.rate);
    const round = {
      symbol: command.symbol,
      fundingTime: command.fundingTime.getTime(),
      rate: command.rate,
      mark: command.mark,
    };
    this.#paid.set(command.symbol, round);
    this.options.onPaid(round);
  }

  /**
   * The samples of the current and the last interval (whose round may still be owed) and the last
   * rates, as recorded before a restart or by the node that held the engines before.
   */
  async #restore(): Promise<void> {
    const { db, settings } = this.options;
    const since = new Date(this.#boundary - settings.intervalMs).toISOString();
    const samples = await sql<{ symbol: string; ts: Date | string; premium: string }>`
      select symbol, ts, premium::text from contract_premiums where ts > ${since}::timestamptz
      order by ts`.execute(db);
    for (const row of samples.rows) {
      const list = this.#samples.get(row.symbol) ?? [];
      list.push({ ts: new Date(row.ts).getTime(), premium: BigInt(row.premium) });
      this.#samples.set(row.symbol, list);
    }
    const rates = await sql<{ symbol: string; rate: string }>`
      select distinct on (symbol) symbol, rate::text from contract_funding_rounds
      order by symbol, funding_time desc`.execute(db);
    for (const row of rates.rows) this.#lastRate.set(row.symbol, BigInt(row.rate));
  }
}
