// Every failure ends as an envelope: business errors with 200, protocol errors with their 4xx,
// and anything unexpected as a logged 500 that shows no internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorName } from '../../schemas/errors.ts';
import { languageFromTag } from '../../schemas/languages.ts';
import { BusinessError } from './business-error.ts';
import { sendError } from './envelope.ts';

const byStatus: Record<number, ErrorName> = {
  400: 'malformed_body',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'unsupported_media_type',
  411: 'malformed_body',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the route handler runs: an error before it came from reading the request. */
    handlerStarted: boolean;
  }
}

export function registerErrorHandlers(app: FastifyInstance, knownPaths: ReadonlySet<string>): void {
  app.decorateRequest('handlerStarted', false);
  app.addHook('preHandler', async (request) => {
    request.handlerStarted = true;
  });

  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendError(request, reply, error.errorName, error.params);
    }
    // Body parsers (multipart's among them) may fail without an HTTP status: the body was unreadable.
    const status = error.statusCode ?? (request.handlerStarted ? 500 : 400);
    const name = byStatus[status] ?? (status >= 400 && status < 500 ? 'malformed_body' : undefined);
    if (name) {
      request.log.info({ code: error.code, status }, 'request refused');
      return sendError(request, reply, name);
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, 'server_error');
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '';
    const exists = knownPaths.has(pathname);
    return sendError(request, reply, exists ? 'method_not_allowed' : 'not_found');
  });
}

/**
 * Errors Fastify raises before routing (a URL it cannot decode, a bad header): still the envelope.
 * Hooks have not run, so the language is read here.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const header = request.headers.lang;
  request.language = languageFromTag(Array.isArray(header) ? header[0] : header);
  request.log.info({ code: error.code }, 'request refused before routing');
  void sendError(request, reply, byStatus[error.statusCode ?? 400] ?? 'malformed_body');
}
