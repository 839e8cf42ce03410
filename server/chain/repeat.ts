// A task run again and again on the chain module's node (the deposit watcher's rounds, the
// sender's, the sweeper's, the reconciliation, the proof-of-reserves snapshots), each run the
// interval after the last one ended, so a slow run never overlaps the next; a failed run is logged
// and the next one still comes. A task may first have to be made ready (a network checked, a
// signer opened): when that fails, or answers that there is nothing to run, the task never runs,
// and the log says why. The first run may come sooner than an interval after the start (a round
// starts at once; a task that remembers when it last ran), so a server restarted more often than
// the interval still runs it. Stopping waits for a run in progress.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';

export interface RepeatOptions {
  /** What the log calls it: `the Ethereum deposit watcher`. */
  name: string;
  task: () => Promise<void>;
  everyMs: number;
  scheduler: Scheduler;
  log: FastifyBaseLogger;
  /** How long after the start the first run comes; one interval when absent. */
  firstDelayMs?: () => Promise<number>;
  /** Made ready once before the first run; false, or a throw, and the task does not run. */
  ready?: () => Promise<boolean>;
}

export class Repeat {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = true;

  constructor(private readonly options: RepeatOptions) {}

  start(): void {
    this.#stopped = false;
    this.#running = this.#first();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.options.scheduler.clearTimeout(this.#timer);
    await this.#running;
  }

  async #first(): Promise<void> {
    const { name, everyMs, log, firstDelayMs, ready } = this.options;
    try {
      if (ready && !(await ready())) return;
    } catch (error) {
      // A setting to fix (the wrong network, an unreadable key), not a moment to wait out.
      log.error({ err: error }, `${name} does not run`);
      return;
    }
    let delay = everyMs;
    try {
      if (firstDelayMs) delay = Math.max(0, Math.min(everyMs, await firstDelayMs()));
    } catch (error) {
      log.warn({ err: error }, `${name}: when it last ran could not be read`);
    }
    this.#next(delay);
  }

  #next(delay = this.options.everyMs): void {
    if (this.#stopped) return;
    this.#timer = this.options.scheduler.setTimeout(() => {
      this.#running = this.#run();
    }, delay);
  }

  async #run(): Promise<void> {
    try {
      await this.options.task();
    } catch (error) {
      this.options.log.warn({ err: error }, `${this.options.name} did not run this time`);
    }
    this.#next();
  }
}

/** The first run of a round: at once. */
export const atOnce = async () => 0;

/** Starts and stops repeated tasks together, as a module's `start` and `stop`. */
export function runAll(repeats: readonly Repeat[]) {
  return {
    start: async () => {
      for (const repeat of repeats) repeat.start();
    },
    stop: async () => {
      await Promise.all(repeats.map((repeat) => repeat.stop()));
    },
  };
}
