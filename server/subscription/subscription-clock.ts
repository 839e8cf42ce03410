// Moves each pre-sale through its stages on time: once a second it looks for projects whose
// pre-sale has ended without an allocation, and for allocated ones whose distribution is due, and
// has the writer allocate them and distribute them a slice of users at a time, logging how far a
// distribution has come every few seconds. After a restart the first tick does what came due
// meanwhile, and a distribution stopped partway carries on from its last slice.
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';
import type { Db } from '../db/database.ts';
import type { Allocations } from './allocations.ts';
import { dueProjects, findProjects, type Project } from './subscription-store.ts';
import type { SubscriptionWriter } from './subscription-writer.ts';

/** How often a distribution in progress says how far it has come. */
const progressEveryMs = 5_000;

export class SubscriptionClock {
  #timer: TimerHandle | undefined;
  #running: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: {
      db: Db;
      scheduler: Scheduler;
      writer: SubscriptionWriter;
      allocations: Allocations;
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

  /** One pass at `now`: every due allocation and distribution done. */
  async advance(now = this.options.scheduler.now()): Promise<void> {
    const { writer } = this.options;
    for (const project of await dueProjects(this.options.db, now)) {
      if (project.allocatedAt === null) await writer.allocate(project.id);
      if (project.distribute <= now) await this.#distribute(project);
    }
  }

  /** A slice of users at a time, each its own transaction, until every user has been credited. */
  async #distribute(due: Project): Promise<void> {
    const { writer, log, allocations, db } = this.options;
    const started = performance.now();
    // The allocation of every user is worked out here, outside the writer (seconds for 100,000
    // users), so the writer's slices find it ready and hold the writer for their own work only.
    const project = (await findProjects(db, [due.id])).get(due.id) ?? due;
    await allocations.of(project);
    let reported = started;
    let credited = 0;
    let slices = 0;
    for (;;) {
      const done = await writer.distribute(project.id);
      if (done === 0) break;
      credited += done;
      slices += 1;
      if (performance.now() - reported >= progressEveryMs) {
        reported = performance.now();
        log.info(
          { project: project.id, credited, participants: project.participants, slices },
          'pre-sale distribution in progress',
        );
      }
    }
    if (slices > 0) {
      log.info(
        { project: project.id, credited, slices, ms: Math.round(performance.now() - started) },
        'pre-sale distributed',
      );
    }
  }

  #queue(): void {
    this.#running = this.#running
      .then(() => this.advance())
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'pre-sales not advanced'));
  }
}
