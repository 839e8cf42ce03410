// How a request's outcome travels back: the value, a business refusal (so the requester answers
// its caller exactly as the server would have), or a failure. Shared by both buses, so a refusal
// looks the same whether the market's owner is this node or another. A reply that crossed the
// wire is read with `replyIn`: whatever does not match one of the three is a failure.
import { z } from 'zod';
import { type ErrorName, isErrorName } from '../../schemas/errors.ts';
import type { MessageParams } from '../../schemas/messages/index.ts';
import { BusinessError } from '../http/business-error.ts';
import { BusFailure, type RequestHandler } from './bus.ts';

export type Reply =
  | { ok: unknown }
  | { refused: { name: ErrorName; params: MessageParams } }
  | { failed: string };

const text = z.string().exactOptional();
const count = z.number().exactOptional();
const refusal = z.object({
  name: z.custom<ErrorName>((value) => typeof value === 'string' && isErrorName(value)),
  params: z.object({
    field: text,
    seconds: count,
    minutes: count,
    count: count,
    channel: text,
    amount: text,
    committed: text,
    start: text,
    end: text,
    min: text,
    max: text,
    until: text,
  }) satisfies z.ZodType<MessageParams>,
});

/** A reply as it arrived: read as one of the three, or a failure naming what was wrong. */
export function replyIn(value: unknown): Reply {
  if (typeof value !== 'object' || value === null) return { failed: 'malformed reply' };
  if ('ok' in value) return { ok: value.ok };
  if ('failed' in value && typeof value.failed === 'string') return { failed: value.failed };
  const refused = 'refused' in value ? refusal.safeParse(value.refused) : undefined;
  return refused?.success ? { refused: refused.data } : { failed: 'malformed reply' };
}

/** Runs the server's handler and wraps whatever comes of it; never throws. */
export async function replyOf(
  handler: RequestHandler,
  message: unknown,
  subject: string,
): Promise<Reply> {
  try {
    // `null` for `undefined`: JSON has no undefined, and the two buses must answer alike.
    return { ok: (await handler(message, subject)) ?? null };
  } catch (error) {
    if (error instanceof BusinessError) {
      return { refused: { name: error.errorName, params: error.params } };
    }
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}

/** The value of a reply, or its refusal or failure thrown. */
export function unwrapReply(reply: Reply): unknown {
  if ('ok' in reply) return reply.ok;
  if ('refused' in reply) throw new BusinessError(reply.refused.name, reply.refused.params);
  throw new BusFailure(reply.failed);
}
