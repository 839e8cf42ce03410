// The client's event log: every input the worker sees, in order. What the screen shows is a fold
// of it (see projections/), so a captured log replays to exactly what the user saw.
import { z } from 'zod';

export const eventSources = ['socket', 'api', 'intent', 'timer'] as const;
export type EventSource = (typeof eventSources)[number];

export const loggedEventSchema = z.object({
  /** Position in the log, from 1, without gaps within one capture. */
  seq: z.number().int().positive(),
  /** When the worker saw it, ms since the epoch. */
  at: z.number(),
  source: z.enum(eventSources),
  type: z.string().min(1),
  payload: z.unknown(),
});

export type LoggedEvent = z.infer<typeof loggedEventSchema>;
export type NewEvent = Omit<LoggedEvent, 'seq' | 'at'>;

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
    const event = loggedEventSchema.safeParse(parsed);
    if (!event.success) throw new CaptureError(i + 1);
    events.push(event.data);
  }
  return events;
}
