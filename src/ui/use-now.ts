// The time now, ticking every `everyMs` while a component that reads it is shown: for countdowns,
// which are a clock on screen rather than data from the worker. Every component reading one
// interval reads one clock, so the parts of a page move together: a pre-sale's card cannot say it
// ended while the form beside it still takes a commitment for another second.
import { useSyncExternalStore } from 'react';

interface Clock {
  now: number;
  readonly listeners: Set<() => void>;
  timer: ReturnType<typeof setInterval> | undefined;
  readonly subscribe: (listener: () => void) => () => void;
  readonly read: () => number;
}

const clocks = new Map<number, Clock>();

function clockOf(everyMs: number): Clock {
  const known = clocks.get(everyMs);
  if (known) {
    // A clock nobody watched has stood still: it starts again from the time now.
    if (known.listeners.size === 0) known.now = Date.now();
    return known;
  }
  const clock: Clock = {
    now: Date.now(),
    listeners: new Set(),
    timer: undefined,
    subscribe(listener) {
      clock.listeners.add(listener);
      clock.timer ??= setInterval(() => {
        clock.now = Date.now();
        for (const notify of clock.listeners) notify();
      }, everyMs);
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size > 0) return;
        clearInterval(clock.timer);
        clock.timer = undefined;
      };
    },
    read: () => clock.now,
  };
  clocks.set(everyMs, clock);
  return clock;
}

export function useNow(everyMs = 1000): number {
  const clock = clockOf(everyMs);
  return useSyncExternalStore(clock.subscribe, clock.read);
}
