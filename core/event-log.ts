// The client's event log: every input the worker sees, in order. What the screen shows is a fold
// of it (see projections/), so a captured log replays to exactly what the user saw.
import { z } from 'zod/mini';
import { type ClientEvent, clientEventSchema } from './events.ts';

export { type EventSource, eventSources } from './event.ts';

const stampSchema = z.object({
  /** Position in the log, from 1, without gaps within one capture. */
  seq: z.int().check(z.positive()),
  /** When the worker saw it, ms since the epoch. */
  at: z.number(),
});

export type Stamp = z.infer<typeof stampSchema>;
/** An event as the log keeps it: numbered and timestamped. */
export type LoggedEvent = ClientEvent & Stamp;
/** An event before the log numbers it. */
export type NewEvent = ClientEvent;

/** A logged event read from outside (a capture, the event store), or null when it is not one. */
export function parseLoggedEvent(value: unknown): LoggedEvent | null {
  const stamp = stampSchema.safeParse(value);
  const event = clientEventSchema.safeParse(value);
  return stamp.success && event.success ? { ...event.data, ...stamp.data } : null;
}

/** A capture: one JSON event per line. */
export function toNdjson(events: readonly LoggedEvent[]): string {
  let out = '';
  for (const event of events) out += `${JSON.stringify(event)}\n`;
  return out;
}

export class CaptureError extends Error {
  constructor(readonly line: number) {
    super(`line ${line} of the capture is not an event`);
  }
}

/** Reads a capture back, refusing it whole at the first line that is not an event. */
export function fromNdjson(text: string): LoggedEvent[] {
  const events: LoggedEvent[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim();
    if (!line) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw new CaptureError(i + 1);
    }
    const event = parseLoggedEvent(parsed);
    if (!event) throw new CaptureError(i + 1);
    events.push(event);
  }
  return events;
}
