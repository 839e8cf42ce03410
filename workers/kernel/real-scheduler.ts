// The scheduler on the platform's own timers: in the worker, and in Node for benchmarks.
import type { Scheduler } from '../../core/scheduler.ts';

type Handle = ReturnType<typeof setTimeout>;

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as Handle),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as Handle),
};
