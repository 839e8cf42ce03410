// Plays a capture back through the same fold as live, at a chosen speed, on an injected clock.
import type { LoggedEvent } from './event-log.ts';
import type { Scheduler, TimerHandle } from './scheduler.ts';

export interface ReplayControl {
  stop(): void;
}

/** Calls `apply` for each event at its original spacing divided by `speed`; `onDone` at the end. */
export function replay(
  events: readonly LoggedEvent[],
  options: {
    speed: number;
    scheduler: Scheduler;
    apply(event: LoggedEvent): void;
    onDone?(): void;
  },
): ReplayControl {
  const speed = options.speed > 0 ? options.speed : 1;
  const first = events[0];
  let index = 0;
  let timer: TimerHandle | undefined;
  const startedAt = options.scheduler.now();
  const step = () => {
    if (!first) {
      options.onDone?.();
      return;
    }
    const now = options.scheduler.now();
    while (index < events.length) {
      const event = events[index] as LoggedEvent;
      const due = startedAt + (event.at - first.at) / speed;
      if (due > now) {
        timer = options.scheduler.setTimeout(step, due - now);
        return;
      }
      options.apply(event);
      index++;
    }
    options.onDone?.();
  };
  step();
  return { stop: () => options.scheduler.clearTimeout(timer) };
}
