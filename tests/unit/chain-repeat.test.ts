// The chain module's schedules (server/chain/repeat.ts): a task runs an interval after the last
// run ended, never twice at once; a failed run does not stop the next; the first run may be due
// sooner, as the proof of reserves' is when its latest snapshot is older than an interval, so a
// server restarted more often than the interval still takes it; stopping ends the runs.
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
    const repeat = new Repeat(
      'the task',
      async () => {
        runs.push(scheduler.now());
        if (runs.length === 1) throw new Error('node down');
      },
      1000,
      scheduler,
      log,
    );
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
      new Repeat(
        'the task',
        async () => void runs.push(scheduler.now() - start),
        1000,
        scheduler,
        log,
        async () => firstDelay,
      );
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
});
