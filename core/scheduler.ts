// Time as a parameter of the client core: real timers in the worker, a simulated clock in tests.

export type TimerHandle = unknown;

export interface Scheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(run: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}
