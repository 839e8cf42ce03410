// Binds an endpoint of the wire contract to its handler: token check, request parsing, response check.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Endpoint, RequestOf, ResponseOf } from '../../schemas/endpoint.ts';
import { resolveSession, type Session, type SessionLimits } from '../accounts/sessions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { bearerToken } from './bearer-token.ts';
import { BusinessError } from './business-error.ts';
import { isPublicRead, registerCachePolicy } from './cache-policy.ts';
import { sendError, sendSuccess } from './envelope.ts';
import { parseRequest } from './validation.ts';

export const apiPrefix = '/api';
/** The operator API: its answers hold users' data, so caches keep none of them either. */
export const opsPrefix = '/ops';

export interface RouteContext {
  request: FastifyRequest;
  ip: string;
  userAgent: string;
}

export interface AuthedContext extends RouteContext {
  session: Session;
}

type ContextOf<E extends Endpoint> = E['auth'] extends true ? AuthedContext : RouteContext;

export type Handler<E extends Endpoint> = (
  input: RequestOf<E>,
  context: ContextOf<E>,
) => Promise<ResponseOf<E>>;

export interface Router {
  add<E extends Endpoint>(endpoint: E, handler: Handler<E>): void;
  /** Paths served, to tell a wrong method (405) from an unknown path (404). */
  readonly paths: ReadonlySet<string>;
}

export function createRouter(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; sessionLimits: SessionLimits },
): Router {
  const paths = new Set<string>();
  const publicReads = new Set<string>();
  registerCachePolicy(app, [apiPrefix, opsPrefix], publicReads);

  async function authenticate(request: FastifyRequest): Promise<Session> {
    const token = bearerToken(request);
    const session = token
      ? await resolveSession(deps.db, deps.clock, deps.sessionLimits, token)
      : null;
    if (!session) throw new BusinessError('session_expired');
    return session;
  }

  return {
    paths,
    add(endpoint, handler) {
      const url = apiPrefix + endpoint.path;
      paths.add(url);
      if (isPublicRead(endpoint)) publicReads.add(url);
      app.route({
        method: endpoint.method,
        url,
        handler: async (request, reply) => {
          const base: RouteContext = {
            request,
            ip: request.ip,
            userAgent: request.headers['user-agent'] ?? '',
          };
          const context = endpoint.auth ? { ...base, session: await authenticate(request) } : base;
          const raw = endpoint.method === 'GET' ? request.query : request.body;
          // `add` is generic over every endpoint: TypeScript resolves neither the output of a
          // generic schema nor the conditional context type inside it, though each holds per call.
          const input = parseRequest(endpoint.request, raw) as RequestOf<typeof endpoint>;
          const data = await handler(input, context as ContextOf<typeof endpoint>);
          const checked = endpoint.response.safeParse(data);
          if (!checked.success) {
            request.log.error({ issues: checked.error.issues, url }, 'response breaks its schema');
            return sendError(request, reply, 'server_error');
          }
          return sendSuccess(request, reply, checked.data);
        },
      });
    },
  };
}
