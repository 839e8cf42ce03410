// Moves each pre-sale through its stages on time: once a second it looks for projects whose
// pre-sale has ended without an allocation, and for allocated ones whose distribution is due, and
// has the writer allocate them and distribute them a batch of users at a time. After a restart the
// first tick does what came due meanwhile.
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import { dueProjects } from './subscription-store.ts';
import type { SubscriptionWriter } from './subscription-writer.ts';

export class SubscriptionClock {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      scheduler: Scheduler;
      writer: SubscriptionWriter;
      log: { warn(details: object, message: string): void };
    },
  ) {}

  start(): void {
    this.#timer = this.options.scheduler.setInterval(() => this.#queue(), 1000);
    this.#queue();
  }

  async stop(): Promise<void> {
    this.options.scheduler.clearInterval(this.#timer);
    await this.#running;
  }

  /** One pass at `now`: every due allocation and distribution done. */
  async advance(now = this.options.scheduler.now()): Promise<void> {
    const { writer } = this.options;
    for (const project of await dueProjects(this.options.db, now)) {
      if (project.allocatedAt === null) await writer.allocate(project.id);
      if (project.distribute <= now) {
        while ((await writer.distribute(project.id)) > 0) {
          // A batch of users at a time, each its own transaction.
        }
      }
    }
  }

  #queue(): void {
    this.#running = this.#running
      .then(() => this.advance())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'pre-sales not advanced'));
  }
}
