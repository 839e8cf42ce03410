// A task run again and again on the chain module's node, each run the interval after the last one
// ended, so a slow run never overlaps the next; a failed run is logged and the next one still
// comes. Stopping waits for a run in progress.
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
  ) {}

  /** The first run comes one interval after the start. */
  start(): void {
    this.#stopped = false;
    this.#next();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.scheduler.clearTimeout(this.#timer);
    await this.#running;
  }

  #next(): void {
    if (this.#stopped) return;
    this.#timer = this.scheduler.setTimeout(() => {
      this.#running = this.#run();
    }, this.everyMs);
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
