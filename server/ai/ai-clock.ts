// Pays the AI products' rewards on time: once a second it looks for groups of orders (a product
// and a first day) with days whose end has passed unpaid, and has the writer pay them, each group's
// missed days in one go. After a restart the first pass pays every day missed meanwhile, once: a
// day paid is recorded with its group and never paid again.
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import { dueGroups } from './ai-store.ts';
import type { AiWriter } from './ai-writer.ts';

export class AiClock {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      scheduler: Scheduler;
      now(): number;
      writer: AiWriter;
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

  async advance(now = this.options.now()): Promise<void> {
    for (const group of await dueGroups(this.options.db, now)) {
      await this.options.writer.accrue(
        group.productId,
        group.startsAt,
        group.paidDays + 1,
        group.dueDays,
      );
    }
  }

  #queue(): void {
    this.#running = this.#running
      .then(() => this.advance())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'rewards not paid'));
  }
}
