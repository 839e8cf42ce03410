// A clock the test moves by hand, so expiries are tested without waiting.
import type { Clock } from '../../server/clock.ts';

export class ManualClock implements Clock {
  #now: number;

  constructor(start = Date.parse('2026-01-05T09:00:00Z')) {
    this.#now = start;
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(ms: number): void {
    this.#now += ms;
  }
}
