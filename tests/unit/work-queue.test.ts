// The queue image re-encoding runs through: never more jobs at once than its concurrency, the rest
// started in the order they came, and a full queue refuses at once without running the job.
import { describe, expect, it } from 'vitest';
import { QueueFullError, workQueue } from '../../server/identity/work-queue.ts';

/** A job the test finishes by hand, recording when it started. */
function manualJob(started: number[], id: number) {
  let finish: (value: number) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const done = new Promise<number>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    run: () => {
      started.push(id);
      return done;
    },
    finish: () => finish(id),
    fail: () => fail(new Error(`job ${id} failed`)),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('workQueue', () => {
  it('runs at most `concurrency` jobs at once and starts the rest in order', async () => {
    const queue = workQueue(2, 10);
    const started: number[] = [];
    const jobs = [1, 2, 3, 4, 5].map((id) => manualJob(started, id));
    const results = jobs.map((job) => queue.run(job.run));
    const firstOutcome = results[0]?.then(
      () => 'finished',
      (error: Error) => error.message,
    );
    await settle();
    expect(started).toEqual([1, 2]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 3 });

    jobs[1]?.finish();
    await settle();
    expect(started).toEqual([1, 2, 3]);
    // A newcomer arriving as a place frees up waits behind the ones already waiting.
    const late = manualJob(started, 6);
    const lateResult = queue.run(late.run);
    jobs[0]?.fail();
    await settle();
    expect(started).toEqual([1, 2, 3, 4]);
    expect(queue.running).toBe(2);

    for (const job of jobs.slice(2)) job.finish();
    late.finish();
    await expect(Promise.all([...results.slice(1), lateResult])).resolves.toEqual([2, 3, 4, 5, 6]);
    expect(await firstOutcome).toBe('job 1 failed');
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job when the waiting line is full, without running it', async () => {
    const queue = workQueue(1, 1);
    const started: number[] = [];
    const first = manualJob(started, 1);
    const second = manualJob(started, 2);
    const third = manualJob(started, 3);
    const results = [queue.run(first.run), queue.run(second.run)];
    await expect(queue.run(third.run)).rejects.toBeInstanceOf(QueueFullError);
    first.finish();
    second.finish();
    await expect(Promise.all(results)).resolves.toEqual([1, 2]);
    expect(started).toEqual([1, 2]);
    // With the line empty again, a job is taken.
    const fourth = manualJob(started, 4);
    const result = queue.run(fourth.run);
    fourth.finish();
    await expect(result).resolves.toBe(4);
  });
});
