// Runs the sender's rounds one after another, each the poll interval after the last one ended (two
// rounds never sign at once); a failed round is logged and retried. It starts only with a signer:
// without one the platform signs nothing and queued sends wait.
import type { FastifyBaseLogger } from 'fastify';
import type { Scheduler, TimerHandle } from '../../../core/scheduler.ts';
import type { EvmSender } from './sender.ts';

export class SenderLoop {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(
    private readonly sender: () => Promise<EvmSender | null>,
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
    let sender: EvmSender | null;
    try {
      sender = await this.sender();
    } catch (error) {
      this.log.error({ err: error }, 'the Ethereum sender does not run');
      return;
    }
    if (!sender) {
      this.log.info('no signer is configured: nothing is sent on Ethereum');
      return;
    }
    await this.#round(sender);
  }

  async #round(sender: EvmSender): Promise<void> {
    if (this.#stopped) return;
    try {
      await sender.round();
    } catch (error) {
      this.log.warn({ err: error }, 'Ethereum sends not made this round');
    }
    if (this.#stopped) return;
    this.#timer = this.scheduler.setTimeout(() => {
      this.#running = this.#round(sender);
    }, this.pollMs);
  }
}
