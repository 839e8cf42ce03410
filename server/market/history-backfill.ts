// The simulated feed's missing history: on a fresh database `MARKET_HISTORY_DAYS` of it, after a
// restart the minutes it was down. Every market is listed live from the first answer, so its feed
// is taken in at start, and a live candle must never land before older history in memory:
//
// - At start, before the server answers, each market draws the minutes from a junction up to the
//   first live minute and keeps them in memory. The junction is the UTC midnight at least a day
//   back (or the first missing minute when that is later): the 24 h ticker's window is complete
//   at once, and no candle of any period spans the junction, so what lies before it never has to
//   be merged into a candle in memory. At most two days of minutes: a few dozen ms for 8 markets.
// - After the server answers, the minutes before the junction are drawn, bent so they end where
//   the minutes drawn at start began (and, after a restart, still begin at the stored close), and
//   stored with the minutes drawn at start, oldest first, a few hours per transaction. Until a
//   market's history is handed over entirely its live candles are not written, so whatever a
//   crash leaves stored ends at a complete moment and the next start continues it without a gap.
//
// History is drawn from the feed's own noise source, secure unless seeded, so a restart cannot
// draw the same minutes again: what was stored is the history, and only the minutes after the
// newest stored candle are drawn.
import type { FastifyBaseLogger } from 'fastify';
import type { Candle } from '../../core/market/candle.ts';
import { bucketStart } from '../../core/market/periods.ts';
import type { KlinePeriod } from '../../schemas/api/market.schema.ts';
import { CandleAggregator } from './candle-aggregator.ts';
import type { CandleWriter } from './candle-writer.ts';
import type { SimulatedFeed } from './feeds/simulated-feed.ts';
import type { MarketState } from './market-state.ts';

const minuteMs = 60_000;
const dayMs = 86_400_000;
/**
 * Minutes per stored transaction: three hours, about 250 rows with every period's candles, so no
 * history write holds the database for long (`npm run bench -- history-backfill`).
 */
export const historyChunkMinutes = 180;
/** Chunks handed to the writer ahead of it: enough to keep it busy, no more in memory. */
const chunksAhead = 4;
const progressEveryMs = 2000;

/** One market's missing history, as planned at start. */
export interface MarketHistory {
  readonly state: MarketState;
  /** Each period's newest stored candle: the drawn minutes fold into it, never redraw it. */
  readonly stored: ReadonlyMap<KlinePeriod, Candle>;
  /** The first minute the database lacks. */
  readonly from: number;
  /** Where the minutes kept in memory begin: a UTC midnight, or `from` when that is later. */
  readonly junction: number;
  /** The minutes from the junction to the first live minute, drawn at start. */
  readonly recent: readonly Candle[];
  /** The stored close the history continues from; none on a fresh database. */
  readonly storedClose: number | undefined;
}

export interface HistoryPlanInput {
  feed: SimulatedFeed;
  state: MarketState;
  /** Each period's newest stored candle. */
  stored: ReadonlyMap<KlinePeriod, Candle>;
  now: number;
  historyDays: number;
}

/**
 * Plans a market's missing history and draws the minutes kept in memory: from the junction to the
 * current minute, which the live feed opens.
 */
export function planHistory(input: HistoryPlanInput): MarketHistory {
  const { feed, state, stored, now, historyDays } = input;
  const liveFrom = bucketStart(now, '1m');
  const earliest = liveFrom - historyDays * dayMs;
  const newest = stored.get('1m');
  const from = newest ? Math.max(newest.t + minuteMs, earliest) : earliest;
  const junction = Math.max(from, bucketStart(liveFrom - dayMs, '1d'));
  const storedClose = newest?.c;
  const open = storedClose ?? feed.referenceTicks(state.spec.symbol);
  const recent =
    junction < liveFrom ? feed.history(state.spec.symbol, junction, liveFrom, open) : [];
  return { state, stored, from, junction, recent, storedClose };
}

/**
 * Whether the stored candles belong in memory: only when the minutes drawn at start continue them
 * there. Otherwise memory begins at the junction, and older candles are read back once stored.
 */
export function continuesStored(plan: MarketHistory): boolean {
  return plan.junction === plan.from;
}

/** The minutes the plan draws in all, at start and after. */
export function missingMinutes(plan: MarketHistory): number {
  return plan.recent.length + Math.max(0, (plan.junction - plan.from) / minuteMs);
}

/**
 * The minutes scaled so the last closes at `close`. With a free start (a fresh market) every price
 * is scaled by one factor; pinned to a stored close, the factor grows from 1 at the first open to
 * the whole at the last close, which makes a Brownian bridge of a free walk. Each open is scaled by
 * the factor of the previous close, so a minute still opens where the one before closed.
 */
export function bendTo(minutes: readonly Candle[], close: number, pinnedStart: boolean): Candle[] {
  const last = minutes.at(-1);
  if (!last) return [];
  const shift = Math.log(close / last.c);
  const count = minutes.length;
  const factor = (edge: number) => Math.exp(pinnedStart ? (shift * edge) / count : shift);
  return minutes.map((minute, i) => {
    const before = factor(i);
    const after = factor(i + 1);
    const o = Math.max(1, Math.round(minute.o * before));
    const c = i === count - 1 ? close : Math.max(1, Math.round(minute.c * after));
    return {
      t: minute.t,
      o,
      h: Math.max(Math.round(minute.h * after), o, c),
      l: Math.max(1, Math.min(Math.round(minute.l * after), o, c)),
      c,
      v: minute.v,
      q: Math.round(minute.q * after),
    };
  });
}

export interface StoreHistoryOptions {
  feed: SimulatedFeed;
  plans: readonly MarketHistory[];
  writer: CandleWriter;
  log: FastifyBaseLogger;
  /** Minutes per stored transaction; the bench compares sizes. */
  chunkMinutes?: number;
  /**
   * True once the server is stopping: the older minutes of a market are no longer drawn or handed
   * over, while the minutes drawn at start still are (they were shown) once the older ones are.
   */
  stopping(): boolean;
  /** The market's minutes before the junction are all handed to the writer. */
  olderHandedOver(state: MarketState): void;
  /** Every row of the market's history is handed to the writer: its live candles may follow. */
  handedOver(state: MarketState): void;
}

/** Draws the minutes before each junction and stores every market's history; answers the minutes. */
export async function storeMissingHistory(options: StoreHistoryOptions): Promise<number> {
  const { plans, log } = options;
  const began = performance.now();
  const total = plans.reduce((sum, plan) => sum + missingMinutes(plan), 0);
  let done = 0;
  let loggedAt = began;
  for (const plan of plans) {
    // Keeps one chunk's candles, from each period's newest stored one on: each chunk is taken as
    // rows as soon as it is folded.
    const candles = new CandleAggregator((options.chunkMinutes ?? historyChunkMinutes) + 2);
    for (const [period, candle] of plan.stored) candles.load(period, [candle]);
    const older = await drawOlder(options, plan);
    if (older === undefined || !(await handOver(options, plan, candles, older, true))) continue;
    options.olderHandedOver(plan.state);
    await handOver(options, plan, candles, plan.recent, false);
    options.handedOver(plan.state);
    done += missingMinutes(plan);
    if (performance.now() - loggedAt >= progressEveryMs) {
      loggedAt = performance.now();
      log.info(
        { drawn: done, of: total, percent: Math.floor((100 * done) / total) },
        'drawing market history',
      );
    }
  }
  if (!options.stopping()) {
    log.info({ minutes: done, ms: Math.round(performance.now() - began) }, 'market history drawn');
  }
  return done;
}

/** The minutes before the junction, bent to end where the recent ones begin; undefined if stopped. */
async function drawOlder(
  options: StoreHistoryOptions,
  plan: MarketHistory,
): Promise<Candle[] | undefined> {
  const { feed } = options;
  const { symbol } = plan.state.spec;
  const step = (options.chunkMinutes ?? historyChunkMinutes) * minuteMs;
  const older: Candle[] = [];
  let open = plan.storedClose ?? feed.referenceTicks(symbol);
  for (let t = plan.from; t < plan.junction; t += step) {
    if (options.stopping()) return undefined;
    const minutes = feed.history(symbol, t, Math.min(plan.junction, t + step), open);
    older.push(...minutes);
    open = minutes.at(-1)?.c ?? open;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const first = plan.recent[0];
  return first ? bendTo(older, first.o, plan.storedClose !== undefined) : older;
}

/**
 * Folds the minutes into every period, chunk by chunk, each chunk one write. Answers whether all
 * were handed over: a stop ends it early when `mayStop`.
 */
async function handOver(
  options: StoreHistoryOptions,
  plan: MarketHistory,
  candles: CandleAggregator,
  minutes: readonly Candle[],
  mayStop: boolean,
): Promise<boolean> {
  const { writer } = options;
  const { spec } = plan.state;
  const chunk = options.chunkMinutes ?? historyChunkMinutes;
  let handed = 0;
  while (handed < minutes.length) {
    if (mayStop && options.stopping()) return false;
    const part = minutes.slice(handed, handed + chunk);
    candles.history(part);
    const rows = candles.takeUnstored().map(({ period, candle }) => ({ spec, period, candle }));
    writer.add({ symbol: spec.symbol, rows, history: true });
    handed += part.length;
    await writer.below(chunksAhead * rows.length);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}
