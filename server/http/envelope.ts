// Writes the envelope `{code, msg, data}` in the request's language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { successCode } from '../../schemas/envelope.schema.ts';
import { type ErrorName, errorCodes, errorHttpStatus } from '../../schemas/errors.ts';
import { localize, type MessageParams, successMessage } from '../../schemas/messages/index.ts';

export function sendSuccess(request: FastifyRequest, reply: FastifyReply, data: unknown) {
  return reply.code(200).send({ code: successCode, msg: successMessage(request.language), data });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  name: ErrorName,
  params: MessageParams = {},
) {
  return reply.code(errorHttpStatus[name] ?? 200).send({
    code: errorCodes[name],
    msg: localize(request.language, name, params),
    data: null,
  });
}
