// Pays the AI products' rewards on time: once a second it looks for groups of orders (a product
// and a first day) with days whose end has passed unpaid, and has the writer pay them, each group's
// missed days in one round, a slice of owners at a time, logging how far a long round has come
// every few seconds. After a restart the first pass carries on a round stopped partway and pays
// every day missed meanwhile, once: a day paid is recorded with its group and never paid again.
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import { dueGroups } from './ai-store.ts';
import type { AiWriter } from './ai-writer.ts';

/** How often a long round says how far it has come. */
const progressEveryMs = 5_000;

export class AiClock {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      scheduler: Scheduler;
      now(): number;
      writer: AiWriter;
      log: {
        info(details: object, message: string): void;
        warn(details: object, message: string): void;
      };
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
    for (const group of await dueGroups(this.options.db, now)) await this.#pay(group);
  }

  /** A group's days, one slice of owners at a time, each its own transaction. */
  async #pay(group: Awaited<ReturnType<typeof dueGroups>>[number]): Promise<void> {
    const { writer, log } = this.options;
    const started = performance.now();
    let reported = started;
    let orders = 0;
    let slices = 0;
    for (;;) {
      const slice = await writer.accrue(
        group.productId,
        group.startsAt,
        group.paidDays + 1,
        group.dueDays,
      );
      orders += slice.orders;
      slices += 1;
      if (slice.finished) break;
      if (performance.now() - reported >= progressEveryMs) {
        reported = performance.now();
        log.info({ product: group.productId, orders, slices }, 'ai rewards being paid');
      }
    }
    if (slices > 1) {
      const ms = Math.round(performance.now() - started);
      log.info({ product: group.productId, orders, slices, ms }, 'ai rewards paid');
    }
  }

  #queue(): void {
    this.#running = this.#running
      .then(() => this.advance())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'rewards not paid'));
  }
}
