// Calls that reach the engines (orders, positions, contracts, products, market data kept in
// memory) are answered by the node that runs them: another node hands the HTTP request over the
// bus, the engines' node answers it as if it had come in itself, and the answer goes back as it
// is. Authentication, validation, idempotency and the answer's envelope are the engines' node's,
// so a call answers the same through any node. When markets are spread over the nodes, a call
// bound to one market goes the same way to the node holding that market's lease, on a subject of
// the lease's own (`engine.http.perp:BTCUSDT`).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import { ask, serveParsed } from '../bus/bus-messages.ts';
import { BusinessError } from '../http/business-error.ts';
import { rawBodyOf } from '../http/raw-bodies.ts';
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
  /** The body's type when it travels as it came (a door call's form); else it is JSON. */
  contentType: z.string().optional(),
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

/** The subject of the calls a market's lease holder answers. */
export function marketCallSubject(lease: string): string {
  return `${engineCallSubject}.${lease}`;
}

/**
 * On the node that runs them: answers calls handed over on `subject` (the engines', or a market
 * lease's) as its own. Answers the function that stops it.
 */
export function serveEngineCalls(
  app: FastifyInstance,
  bus: Bus,
  nodeId: string,
  subject = engineCallSubject,
): () => void {
  return serveParsed(bus, subject, forwardedCall, app.log, async (call) => {
    const answer = await app.inject({
      method: call.method,
      url: call.url,
      headers: {
        ...call.headers,
        [forwardedHeader]: nodeId,
        ...(call.body === undefined
          ? {}
          : { 'content-type': call.contentType ?? 'application/json' }),
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
 * Where a call is answered: null for here, else the subject of the node that answers it. A call to
 * one of `paths` while this node does not run the engines goes to the node that does.
 */
export type CallDestination = (request: FastifyRequest) => Promise<string | null>;

export function enginesDestination(
  lease: EngineLease,
  paths: Pick<ReadonlySet<string>, 'has'>,
): CallDestination {
  return async (request) =>
    !paths.has(request.routeOptions.url ?? '') || lease.isOwner() ? null : engineCallSubject;
}

/**
 * A call's body as it travels: as it came, with its type, where the route kept it (a door call's
 * signature covers those bytes); else the parsed body as JSON. None for a GET or an empty body kept.
 */
function bodyOf(
  request: FastifyRequest,
  method: string,
): Pick<ForwardedCall, 'body' | 'contentType'> {
  const raw = rawBodyOf(request);
  const type = request.headers['content-type'];
  if (raw === '') return {};
  if (raw !== undefined) return { body: raw, ...(type === undefined ? {} : { contentType: type }) };
  return method === 'GET' ? {} : { body: JSON.stringify(request.body ?? {}) };
}

/** On every node: a call whose destination is another node is handed to it; nothing of it runs here. */
export function forwardEngineCalls(
  app: FastifyInstance,
  options: { bus: Bus; destination: CallDestination },
): void {
  const { bus, destination } = options;
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const subject = await destination(request);
    if (subject === null) return;
    // Thrown, not sent: the route's error handler words it (the app's envelope, or the Binance
    // door's -1001). Handed over to a node that has lost the engines since: no second hop.
    if (request.headers[forwardedHeader]) throw new BusinessError('engine_unavailable');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (hopHeaders.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    const method = forwardedCall.shape.method.safeParse(request.method);
    if (!method.success) throw new BusinessError('engine_unavailable');
    const call: ForwardedCall = {
      method: method.data,
      url: request.url,
      headers,
      ...bodyOf(request, method.data),
      remoteAddress: request.ip,
    };
    let answer: ForwardedAnswer;
    try {
      answer = await ask(bus, subject, call, forwardedAnswer, forwardTimeoutMs);
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      // Nobody runs the engines this moment (a takeover under way), or the answer is late: the
      // call may be sent again, with its idempotency key, in a few seconds.
      request.log.warn({ err: error, url: request.url }, 'engine call not answered');
      throw new BusinessError('engine_unavailable');
    }
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}
