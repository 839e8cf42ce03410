// Calls that reach the engines (orders, positions, contracts, products, market data kept in
// memory) are answered by the node that runs them: another node hands the HTTP request over the
// bus, the engines' node answers it as if it had come in itself, and the answer goes back as it
// is. Authentication, validation, idempotency and the answer's envelope are the engines' node's,
// so a call answers the same through any node.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { ask, serveParsed } from '../bus/bus-messages.ts';
import { BusinessError } from '../http/business-error.ts';
import { sendError } from '../http/envelope.ts';
import type { EngineLease } from './engine-lease.ts';

export const engineCallSubject = 'engine.http';
/** Set on a call handed over: its answer comes from here, whatever happened meanwhile. */
const forwardedHeader = 'x-meridian-forwarded-by';
/** Long enough for a batch on a loaded database; a retry with the same key is safe after it. */
const forwardTimeoutMs = 15_000;

/** The methods the engines' calls use; anything else is not a call to hand over. */
const forwardedCall = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  url: z.string().startsWith('/'),
  headers: z.record(z.string(), z.string()),
  body: z.string().optional(),
  remoteAddress: z.string(),
});
type ForwardedCall = z.infer<typeof forwardedCall>;

const forwardedAnswer = z.object({
  status: z.number().int().min(100).max(599),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
type ForwardedAnswer = z.infer<typeof forwardedAnswer>;

/** Headers that describe one hop, not the call (the answer travels as text, never compressed). */
const hopHeaders = new Set([
  'host',
  'accept-encoding',
  'connection',
  'content-length',
  'content-type',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
]);
/** What of an answer's headers travels back. */
const answerHeaders = ['content-type', 'cache-control', 'retry-after'];

/** On the engines' node: answers handed-over calls as its own. Answers the function that stops it. */
export function serveEngineCalls(app: FastifyInstance, bus: Bus, nodeId: string): () => void {
  return serveParsed(bus, engineCallSubject, forwardedCall, app.log, async (call) => {
    const answer = await app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...call.headers,
        [forwardedHeader]: nodeId,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: call.body }),
      remoteAddress: call.remoteAddress,
    });
    const headers: Record<string, string> = {};
    for (const name of answerHeaders) {
      const value = answer.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    return { status: answer.statusCode, headers, body: answer.body } satisfies ForwardedAnswer;
  });
}

/**
 * On every node: a call to one of `paths` while this node does not run the engines is handed to
 * the node that does. Nothing of it runs here.
 */
export function forwardEngineCalls(
  app: FastifyInstance,
  options: { bus: Bus; lease: EngineLease; paths: ReadonlySet<string> },
): void {
  const { bus, lease, paths } = options;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!paths.has(request.routeOptions.url ?? '') || lease.isOwner()) return;
    // Handed over to a node that has lost the engines since: no second hop, the caller retries.
    if (request.headers[forwardedHeader]) return sendError(request, reply, 'engine_unavailable');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (hopHeaders.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const method = forwardedCall.shape.method.safeParse(request.method);
    if (!method.success) return sendError(request, reply, 'engine_unavailable');
    const call: ForwardedCall = {
      method: method.data,
      url: request.url,
      headers,
      ...(method.data === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) }),
      remoteAddress: request.ip,
    };
    let answer: ForwardedAnswer;
    try {
      answer = await ask(bus, engineCallSubject, call, forwardedAnswer, forwardTimeoutMs);
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      // Nobody runs the engines this moment (a takeover under way), or the answer is late: the
      // call may be sent again, with its idempotency key, in a few seconds.
      request.log.warn({ err: error, url: request.url }, 'engine call not answered');
      return sendError(request, reply, 'engine_unavailable');
    }
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
