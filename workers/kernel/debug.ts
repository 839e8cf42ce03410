// Capture and replay (/debug): the kept log exported as NDJSON; a loaded capture, checked event by
// event (with the events' schemas, loaded for it), replayed at any speed or scrubbed through the
// same fold as the live screen.
import type { LoggedEvent } from '../../core/event-log.ts';
import {
  type ClientView,
  foldClientView,
  initialClientView,
  viewAt,
} from '../../core/projections/client-view.ts';
import { type ReplayControl, replay } from '../../core/replay.ts';
import type { Scheduler } from '../../core/scheduler.ts';
import type { EventStore } from './event-store.ts';

export interface DebugHandlers {
  /** The kept event log as NDJSON. */
  capture(): Promise<string>;
  /** Loads a capture for replay; answers its event count, or the line that is not an event. */
  loadCapture(ndjson: string): Promise<{ ok: true; events: number } | { ok: false; line: number }>;
  /** Plays the loaded capture through the same fold at `speed`; the live view pauses meanwhile. */
  replay(speed: number): void;
  /** Shows the loaded capture's view as it was after event `seq`. */
  scrub(seq: number): void;
  /** Back to the live log. */
  live(): void;
}

export interface DebugDeps {
  store: EventStore;
  scheduler: Scheduler;
  /** Shows a view of a capture instead of the live one; `undefined` goes back to live. */
  show(view: ClientView | undefined): void;
}

export function createDebug(deps: DebugDeps): { handlers: DebugHandlers; stop(): void } {
  let loaded: LoggedEvent[] = [];
  let playing: ReplayControl | undefined;
  const stop = () => playing?.stop();
  const handlers: DebugHandlers = {
    capture: () => deps.store.capture(),
    async loadCapture(ndjson) {
      const { CaptureError, fromNdjson } = await import('../../core/event-log.ts');
      try {
        loaded = fromNdjson(ndjson);
        return { ok: true, events: loaded.length };
      } catch (error) {
        if (error instanceof CaptureError) return { ok: false, line: error.line };
        throw error;
      }
    },
    replay(speed) {
      stop();
      let shown = initialClientView;
      deps.show(shown);
      playing = replay(loaded, {
        speed,
        scheduler: deps.scheduler,
        apply: (event) => {
          shown = foldClientView(shown, event);
          deps.show(shown);
        },
      });
    },
    scrub(seq) {
      stop();
      deps.show(viewAt(loaded, seq));
    },
    live() {
      stop();
      deps.show(undefined);
    },
  };
  return { handlers, stop };
}
