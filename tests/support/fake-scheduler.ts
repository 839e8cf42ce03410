// A simulated clock with timers: `advance` runs what falls due, in time order.
import type { Scheduler, TimerHandle } from '../../core/scheduler.ts';

interface Timer {
  id: number;
  due: number;
  every: number | undefined;
  run: () => void;
}

export class FakeScheduler implements Scheduler {
  #now: number;
  #nextId = 1;
  #timers = new Map<number, Timer>();

  constructor(start = 1_700_000_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(run: () => void, ms: number): TimerHandle {
    return this.#add(run, ms, undefined);
  }

  setInterval(run: () => void, ms: number): TimerHandle {
    return this.#add(run, ms, ms);
  }

  clearTimeout(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }

  clearInterval(handle: TimerHandle): void {
    this.#timers.delete(handle as number);
  }

  /** Moves time forward, running every timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.#now + ms;
    for (;;) {
      const next = [...this.#timers.values()].sort((a, b) => a.due - b.due || a.id - b.id)[0];
      if (!next || next.due > end) break;
      this.#now = next.due;
      if (next.every === undefined) this.#timers.delete(next.id);
      else next.due += next.every;
      next.run();
    }
    this.#now = end;
  }

  get pending(): number {
    return this.#timers.size;
  }

  #add(run: () => void, ms: number, every: number | undefined): number {
    const id = this.#nextId++;
    this.#timers.set(id, { id, due: this.#now + Math.max(0, ms), every, run });
    return id;
  }
}
