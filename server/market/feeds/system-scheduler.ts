// The platform's own timers behind the Scheduler interface, for feeds run for real; tests pass a
// simulated one instead.
import type { Scheduler } from '../../../core/scheduler.ts';

type Handle = ReturnType<typeof setTimeout>;

export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as Handle),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as Handle),
};
