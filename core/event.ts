// How an event of the client's log is defined: its source, its type (unique across the log) and
// the schema of its payload. Each domain lists its events in `core/<domain>/events.ts`;
// `core/events.ts` joins them into the one union the log, the folds and captures are typed by.
import { z } from 'zod/mini';

export const eventSources = ['socket', 'api', 'intent', 'timer'] as const;
export type EventSource = (typeof eventSources)[number];

export function event<const S extends EventSource, const T extends string, P extends z.ZodMiniType>(
  source: S,
  type: T,
  payload: P,
) {
  return z.object({ source: z.literal(source), type: z.literal(type), payload });
}

const frameHeader = { seq: z.int(), ts: z.number() };

/** A market channel's frame as logged: its market, sequence, time and checked data. */
export function marketFrame<D extends z.ZodMiniType>(data: D) {
  return z.object({ symbol: z.string(), ...frameHeader, data });
}

/** A private channel's frame as logged. */
export function privateFrame<D extends z.ZodMiniType>(data: D) {
  return z.object({ ...frameHeader, data });
}
