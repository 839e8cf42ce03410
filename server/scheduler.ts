// The scheduler on Node's timers for the server's periodic work. Timers are unref'd: a pending
// market tick never keeps a stopping process alive.
import type { Scheduler } from '../core/scheduler.ts';

type Handle = ReturnType<typeof setTimeout>;

export const nodeScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as Handle),
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as Handle),
};
