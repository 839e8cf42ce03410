// The simulated feed's missing history, drawn after the server already answers: on a fresh
// database `MARKET_HISTORY_DAYS` of it, after a restart the minutes it was down. Each market is
// drawn half a day at a time, oldest first, continuing from its newest stored candle; each chunk
// is handed to the writer at once (so the stored candles always end at a complete moment), and
// the event loop is given back between chunks. A market goes live, its feed continuing from the
// history's last close, once its history reaches the current minute. History is drawn from the
// feed's own noise source, secure unless seeded, so a restart cannot draw the same minutes again:
// what was stored is the history, and only the minutes after the newest stored candle are drawn.
import type { FastifyBaseLogger } from 'fastify';
import { bucketStart } from '../../core/market/periods.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import { type CandleWriter, unstoredRows } from './candle-writer.ts';
import type { SimulatedFeed } from './feeds/simulated-feed.ts';
import type { MarketState } from './market-state.ts';

const minuteMs = 60_000;
/** Minutes per chunk: half a day, under 1,000 rows with every period's candles, one insert. */
const chunkMinutes = 720;
/**
 * History rows waiting to be written before the drawing waits for the database (about 75 MB):
 * the default 30 days of 8 markets fit, far longer histories are drawn as fast as they are stored.
 */
const maxWaitingRows = 500_000;
const progressEveryMs = 2000;

export interface BackfillOptions {
  feed: SimulatedFeed;
  states: readonly MarketState[];
  scheduler: Scheduler;
  historyDays: number;
  writer: CandleWriter;
  log: FastifyBaseLogger;
  /** True once the server is stopping: the drawing ends after the chunk under way. */
  stopping(): boolean;
  /** The market's history reaches the current minute: its feed may go live. */
  live(state: MarketState): void;
}

/** Draws every market's missing minutes; answers how many it drew (fewer when stopped). */
export async function drawMissingHistory(options: BackfillOptions): Promise<number> {
  const { feed, states, scheduler, writer, log } = options;
  const began = performance.now();
  const earliest = bucketStart(scheduler.now(), '1m') - options.historyDays * 86_400_000;
  const firstMissing = (state: MarketState): number => {
    const last = state.candles.series['1m'].last();
    return last ? Math.max(last.t + minuteMs, earliest) : earliest;
  };
  const missing = (state: MarketState) =>
    Math.max(0, (bucketStart(scheduler.now(), '1m') - firstMissing(state)) / minuteMs);
  const total = states.reduce((sum, state) => sum + missing(state), 0);
  if (total > 0) log.info({ minutes: total, markets: states.length }, 'drawing market history');

  let drawn = 0;
  let loggedAt = began;
  for (const state of states) {
    const { symbol } = state.spec;
    for (;;) {
      if (options.stopping()) return drawn;
      const currentMinute = bucketStart(scheduler.now(), '1m');
      const from = firstMissing(state);
      if (from >= currentMinute) break;
      const to = Math.min(currentMinute, from + chunkMinutes * minuteMs);
      const open = state.candles.series['1m'].last()?.c ?? feed.referenceTicks(symbol);
      const minutes = feed.history(symbol, from, to, open);
      state.addHistory(minutes);
      // Taken at once, before anything else can take or drop them.
      writer.add({ symbol, rows: unstoredRows(state), history: true });
      drawn += minutes.length;
      if (performance.now() - loggedAt >= progressEveryMs) {
        loggedAt = performance.now();
        const percent = Math.min(100, Math.floor((100 * drawn) / total));
        log.info({ drawn, of: total, percent }, 'drawing market history');
      }
      await writer.below(maxWaitingRows);
      await new Promise((resolve) => setImmediate(resolve));
    }
    feed.resume(symbol, state.candles.series['1m'].last()?.c ?? feed.referenceTicks(symbol));
    options.live(state);
  }
  log.info({ minutes: drawn, ms: Math.round(performance.now() - began) }, 'market history drawn');
  return drawn;
}
