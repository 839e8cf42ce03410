// Every failure ends as an envelope: business errors with 200, protocol errors with their 4xx,
// and anything unexpected as a logged 500 that shows no internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorName } from '../../schemas/errors.ts';
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

export function registerErrorHandlers(app: FastifyInstance, knownPaths: ReadonlySet<string>): void {
  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    if (error instanceof BusinessError) {
      return sendError(request, reply, error.errorName, error.params);
    }
    const status = error.statusCode ?? 500;
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
