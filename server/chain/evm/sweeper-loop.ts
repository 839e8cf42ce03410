// Runs the sweeper's rounds one after another, each the poll interval after the last one ended
// (two rounds never queue for one address at once); a failed round is logged and retried.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../../../core/scheduler.ts';
import type { EvmSweeper } from './sweeper.ts';

export class SweeperLoop {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly sweeper: EvmSweeper,
    private readonly scheduler: Scheduler,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#running = this.#round();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.scheduler.clearTimeout(this.#timer);
    await this.#running;
  }

  async #round(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.sweeper.round();
    } catch (error) {
      this.log.warn({ err: error }, 'deposit addresses not swept this round');
    }
    if (this.#stopped) return;
    this.#timer = this.scheduler.setTimeout(() => {
      this.#running = this.#round();
    }, this.pollMs);
  }
}
