// A task run again and again on the chain module's node, each run the interval after the last one
// ended, so a slow run never overlaps the next; a failed run is logged and the next one still
// comes. The first run may come sooner than an interval after the start (a task that remembers
// when it last ran), so a server restarted more often than the interval still runs it. Stopping
// waits for a run in progress.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';

export class Repeat {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = true;

  constructor(
    private readonly name: string,
    private readonly task: () => Promise<void>,
    private readonly everyMs: number,
    private readonly scheduler: Scheduler,
    private readonly log: FastifyBaseLogger,
    /** How long after the start the first run comes; one interval when absent. */
    private readonly firstDelayMs?: () => Promise<number>,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#running = this.#first();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.scheduler.clearTimeout(this.#timer);
    await this.#running;
  }

  async #first(): Promise<void> {
    let delay = this.everyMs;
    try {
      if (this.firstDelayMs) delay = Math.max(0, Math.min(this.everyMs, await this.firstDelayMs()));
    } catch (error) {
      this.log.warn({ err: error }, `${this.name}: when it last ran could not be read`);
    }
    this.#next(delay);
  }

  #next(delay = this.everyMs): void {
    if (this.#stopped) return;
    this.#timer = this.scheduler.setTimeout(() => {
      this.#running = this.#run();
    }, delay);
  }

  async #run(): Promise<void> {
    try {
      await this.task();
    } catch (error) {
      this.log.warn({ err: error }, `${this.name} did not run this time`);
    }
    this.#next();
  }
}
