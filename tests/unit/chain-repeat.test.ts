// The chain module's schedules (server/chain/repeat.ts): a task runs an interval after the last
// run ended, never twice at once; a failed run does not stop the next; the first run may be due
// sooner, as the proof of reserves' is when its latest snapshot is older than an interval, so a
// server restarted more often than the interval still takes it; a task that cannot be made ready
// never runs, the reason logged; stopping ends the runs.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { Repeat } from '../../server/chain/repeat.ts';
import { FakeScheduler } from '../support/fake-scheduler.ts';

const warnings: unknown[] = [];
const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a repeated chain task', () => {
  it('runs each interval after the last run, and goes on after a failure', async () => {
    const scheduler = new FakeScheduler();
    const runs: number[] = [];
    const repeat = new Repeat({
      name: 'the task',
      task: async () => {
        runs.push(scheduler.now());
        if (runs.length === 1) throw new Error('node down');
      },
      everyMs: 1000,
      scheduler,
      log,
    });
    const start = scheduler.now();
    repeat.start();
    await settle();
    scheduler.advance(999);
    await settle();
    expect(runs).toEqual([]);
    scheduler.advance(1);
    await settle();
    scheduler.advance(1000);
    await settle();
    expect(runs.map((at) => at - start)).toEqual([1000, 2000]);
    expect(warnings).toHaveLength(1);
    await repeat.stop();
    scheduler.advance(5000);
    await settle();
    expect(runs).toHaveLength(2);
  });

  it('runs first when due, never later than an interval', async () => {
    const scheduler = new FakeScheduler();
    const runs: number[] = [];
    const start = scheduler.now();
    const due = (firstDelay: number) =>
      new Repeat({
        name: 'the task',
        task: async () => void runs.push(scheduler.now() - start),
        everyMs: 1000,
        scheduler,
        log,
        firstDelayMs: async () => firstDelay,
      });
    const overdue = due(-500);
    overdue.start();
    await settle();
    scheduler.advance(0);
    await settle();
    expect(runs).toEqual([0]);
    await overdue.stop();
    const far = due(10_000);
    far.start();
    await settle();
    scheduler.advance(1000);
    await settle();
    expect(runs).toEqual([0, 1000]);
    await far.stop();
  });

  it('never runs a task that could not be made ready, and says why', async () => {
    const scheduler = new FakeScheduler();
    const errors: unknown[] = [];
    const failing = { ...log, error: (...args: unknown[]) => errors.push(args) };
    let runs = 0;
    const repeat = (ready: () => Promise<boolean>) =>
      new Repeat({
        name: 'the watcher',
        task: async () => void runs++,
        everyMs: 1000,
        scheduler,
        log: failing as unknown as FastifyBaseLogger,
        firstDelayMs: async () => 0,
        ready,
      });
    const wrongNetwork = repeat(async () => {
      throw new Error('the node is on chain 1');
    });
    const nothingToDo = repeat(async () => false);
    const willing = repeat(async () => true);
    for (const each of [wrongNetwork, nothingToDo, willing]) each.start();
    await settle();
    scheduler.advance(0);
    await settle();
    expect(runs).toBe(1);
    expect(errors).toEqual([[expect.anything(), 'the watcher does not run']]);
    for (const each of [wrongNetwork, nothingToDo, willing]) await each.stop();
  });
});
