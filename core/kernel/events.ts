// The kernel's own events: the market socket opening, closing and misbehaving, and the outcome of
// every API call (the answers a screen needs are logged again by their domain, with their data).
import { z } from 'zod/mini';
import { event } from '../event.ts';

export const socketProblemSchema = z.discriminatedUnion('kind', [
  /** A frame that is not JSON, or not a frame. */
  z.object({ kind: z.literal('parse'), raw: z.string() }),
  /** A frame of no known channel, or whose data breaks its channel's schema. */
  z.object({ kind: z.literal('schema'), channel: z.string() }),
  z.object({ kind: z.literal('socket') }),
  /** An error frame from the server. */
  z.object({ kind: z.literal('server'), msg: z.string() }),
]);
export type SocketProblem = z.infer<typeof socketProblemSchema>;

/** How a call can fail (the worker's `ApiFailure` kinds). */
export const failureKinds = [
  'http',
  'business',
  'session',
  'network',
  'unexpected_answer',
] as const;
export type FailureKind = (typeof failureKinds)[number];

export const kernelEvents = [
  event('socket', 'open', z.null()),
  event('socket', 'close', z.null()),
  event('socket', 'problem', socketProblemSchema),
  event(
    'api',
    'answer',
    z.object({ path: z.string(), ok: z.boolean(), failure: z.optional(z.enum(failureKinds)) }),
  ),
] as const;
