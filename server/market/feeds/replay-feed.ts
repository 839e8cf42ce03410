// Replays a market capture (NDJSON, see capture-line.ts) as a feed: the first market line plays
// now, the rest keep their spacing (divided by `speed`), and the listener sees the capture's times
// shifted by the same amount. The whole file is checked before anything plays, so a bad line stops
// start-up instead of leaving a market half replayed.
import { closeSync, createReadStream, openSync, readSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Scheduler, TimerHandle } from '../../../core/scheduler.ts';
import { nodeScheduler } from '../../scheduler.ts';
import type { FeedListener, MarketFeed } from '../feed.ts';
import { type CaptureLine, type MarketLine, parseCaptureLine } from './capture-line.ts';
import { consoleLogger, type FeedLogger } from './feed-logger.ts';

export { captureLine } from './capture-line.ts';
export { type CaptureWriter, captureWriter, fanOut } from './capture-writer.ts';

/** Between two passes of a looped replay: the next pass starts this long after the last line. */
export const loopGapMs = 1000;

export interface ReplayFeedOptions {
  file: string;
  /** 1 plays in real time, 2 twice as fast, 0 as fast as possible. Default 1. */
  speed?: number;
  /** Start again from the top at the end, every pass later by the capture's length. */
  loop?: boolean;
  /**
   * Round the time shift up to a multiple of this (e.g. 60_000), so candles built from the replay
   * open at the same boundaries as the capture's. The first line then waits for its shifted time.
   */
  alignMs?: number;
  scheduler?: Scheduler;
  logger?: FeedLogger;
}

/** A capture line that cannot be replayed: names the file and the line (1-based). */
export class CaptureError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${problem}`);
    this.name = 'CaptureError';
  }
}

export function replayFeed(options: ReplayFeedOptions): MarketFeed {
  const { file, loop = false, speed = 1, alignMs } = options;
  if (!(Number.isFinite(speed) && speed >= 0)) throw new RangeError('replay speed must be ≥ 0');
  if (alignMs !== undefined && !(Number.isInteger(alignMs) && alignMs > 0)) {
    throw new RangeError('replay alignMs must be a positive whole number of milliseconds');
  }
  const scheduler = options.scheduler ?? nodeScheduler;
  const logger = options.logger ?? consoleLogger;
  const roundUp = (ms: number) => (alignMs ? Math.ceil(ms / alignMs) * alignMs : ms);

  let started = false;
  let stopped = false;
  let running: Promise<void> | undefined;
  let timer: TimerHandle | undefined;
  let wake: (() => void) | undefined;

  const waitUntil = (due: number) => {
    const wait = due - scheduler.now();
    if (wait <= 0) return undefined;
    return new Promise<void>((resolve) => {
      wake = resolve;
      timer = scheduler.setTimeout(() => {
        timer = undefined;
        wake = undefined;
        resolve();
      }, wait);
    });
  };

  async function play(listener: FeedListener, startedAt: number, shift: number, period: number) {
    for (let pass = 0; !stopped; pass += 1) {
      const passShift = shift + pass * period;
      for await (const { number, line } of readCapture(file)) {
        if (stopped) return;
        if (line.kind === 'source') continue;
        const ts = line.ts + passShift;
        if (speed > 0) await waitUntil(startedAt + (ts - startedAt) / speed);
        if (stopped) return;
        try {
          emit(listener, line, ts);
        } catch (error) {
          throw new CaptureError(file, number, `the listener failed: ${String(error)}`);
        }
      }
      if (!loop) return;
    }
  }

  return {
    name: 'replay',
    simulated: sourceOf(file)?.simulated ?? false,
    // The capture holds every print to come: whoever has the file knows them in advance.
    predictable: true,
    async start(listener) {
      if (started) throw new Error('the replay feed was already started');
      started = true;
      const extent = await surveyCapture(file);
      if (stopped) return;
      const startedAt = scheduler.now();
      const shift = roundUp(startedAt - extent.firstTs);
      const period = roundUp(extent.lastTs - extent.firstTs + loopGapMs);
      listener.status?.(true, `replaying ${file}`);
      running = play(listener, startedAt, shift, period).then(
        () => {
          if (!stopped) listener.status?.(false, `replay of ${file} finished`);
        },
        (error: unknown) => {
          logger.error({ err: error, file }, 'replay stopped');
          listener.status?.(false, `replay of ${file} stopped: ${String(error)}`);
        },
      );
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) scheduler.clearTimeout(timer);
      timer = undefined;
      wake?.();
      await running;
    },
  };
}

function emit(listener: FeedListener, line: MarketLine, ts: number): void {
  switch (line.kind) {
    case 'price':
      listener.price(line.symbol, line.price, ts);
      break;
    case 'trade':
      listener.trade(line.symbol, line.price, line.quantity, line.side, ts);
      break;
    case 'depth':
      listener.depth(line.symbol, line.type, line.bids, line.asks, ts);
      break;
  }
}

/**
 * The capture's lines, checked, streamed from the file (never read whole). Blank lines carry
 * nothing and are passed over; any other line that is not a valid capture line is an error.
 */
export async function* readCapture(
  file: string,
): AsyncGenerator<{ number: number; line: CaptureLine }> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  let lastTs = Number.NEGATIVE_INFINITY;
  try {
    for await (const text of lines) {
      number += 1;
      if (text.trim() === '') continue;
      const parsed = parseCaptureLine(text);
      if (!parsed.ok) throw new CaptureError(file, number, parsed.problem);
      const { line } = parsed;
      if (line.kind === 'source') {
        if (number !== 1) throw new CaptureError(file, number, 'a source line must be the first');
      } else {
        if (line.ts < lastTs) {
          throw new CaptureError(file, number, `time ${line.ts} is before the line above's`);
        }
        lastTs = line.ts;
      }
      yield { number, line };
    }
  } catch (error) {
    if (error instanceof CaptureError) throw error;
    throw new CaptureError(file, undefined, `cannot be read (${String(error)})`);
  } finally {
    lines.close();
    input.destroy();
  }
}

/** Checks every line and answers the capture's first and last market times. */
export async function surveyCapture(
  file: string,
): Promise<{ firstTs: number; lastTs: number; lines: number }> {
  let firstTs: number | undefined;
  let lastTs = 0;
  let lines = 0;
  for await (const { line } of readCapture(file)) {
    if (line.kind === 'source') continue;
    firstTs ??= line.ts;
    lastTs = line.ts;
    lines += 1;
  }
  if (firstTs === undefined) throw new CaptureError(file, undefined, 'has no market lines');
  return { firstTs, lastTs, lines };
}

/** The capture's source line, read at once so the feed is labelled before it starts. */
function sourceOf(file: string): Extract<CaptureLine, { kind: 'source' }> | undefined {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return undefined; // start() reports the file itself
  }
  try {
    const head = Buffer.alloc(4096);
    const read = readSync(fd, head, 0, head.length, 0);
    const text = head.toString('utf8', 0, read);
    const parsed = parseCaptureLine(text.split('\n', 1)[0] ?? '');
    return parsed.ok && parsed.line.kind === 'source' ? parsed.line : undefined;
  } finally {
    closeSync(fd);
  }
}
