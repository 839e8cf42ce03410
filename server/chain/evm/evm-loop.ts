// Runs the Ethereum watcher's rounds one after another, each the poll interval after the last one
// ended (a slow node never has two rounds reading at once); a failed round is logged and retried.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../../../core/scheduler.ts';
import type { EvmWatcher } from './evm-watcher.ts';

export class EvmLoop {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly watcher: EvmWatcher,
    private readonly scheduler: Scheduler,
    private readonly pollMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#running = this.#run();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.scheduler.clearTimeout(this.#timer);
    await this.#running;
  }

  async #run(): Promise<void> {
    try {
      await this.watcher.checkNetwork();
    } catch (error) {
      // The wrong network is a setting to fix, not a moment to wait out: nothing is read.
      this.log.error({ err: error }, 'the Ethereum deposit watcher does not run');
      return;
    }
    await this.#round();
  }

  async #round(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.watcher.round();
    } catch (error) {
      this.log.warn({ err: error }, 'Ethereum deposits not read this round');
    }
    if (this.#stopped) return;
    this.#timer = this.scheduler.setTimeout(() => {
      this.#running = this.#round();
    }, this.pollMs);
  }
}
