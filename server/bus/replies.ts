// How a request's outcome travels back: the value, a business refusal (so the requester answers
// its caller exactly as the server would have), or a failure. Shared by both buses, so a refusal
// looks the same whether the market's owner is this node or another.
import type { ErrorName } from '../../schemas/errors.ts';
import type { MessageParams } from '../../schemas/messages/index.ts';
import { BusinessError } from '../http/business-error.ts';
import { BusFailure, type RequestHandler } from './bus.ts';

export type Reply =
  | { ok: unknown }
  | { refused: { name: ErrorName; params: MessageParams } }
  | { failed: string };

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
