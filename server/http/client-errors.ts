// Requests that never become requests: Node's HTTP parser refuses them (a header block over its
// limit, a broken request line, bytes after a body it had no length for) before Fastify sees them,
// and Node itself refuses an HTTP/1.1 request without a Host. They are answered in the envelope
// too, written straight to the socket since there is no reply to write it with, in English since
// no `Lang` header could be read.

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ErrorName, errorCodes, errorHttpStatus } from '../../schemas/errors.ts';
import { localize } from '../../schemas/messages/index.ts';
import { sendError } from './envelope.ts';

/** What the parser's refusal is, by Node's error code. */
function refusalOf(code: string | undefined): ErrorName {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headers_too_large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request_timeout';
  return 'malformed_request';
}

/** Fastify's `clientErrorHandler`: the envelope for what the parser refused, then the socket closes. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const name = refusalOf(error.code);
  const status = errorHttpStatus[name] ?? 400;
  const body = JSON.stringify({ code: errorCodes[name], msg: localize('en', name), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/**
 * HTTP/1.1 requires a Host header. Node answers a request without one with a bare 400 of its own
 * unless told not to (`requireHostHeader: false`, set where the server is made); this answers it
 * with the envelope instead.
 */
export function requireHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      return sendError(request, reply.header('connection', 'close'), 'malformed_request');
    }
  });
}
