// Writes the envelope `{code, msg, data}` in the request's language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { successCode } from '../../schemas/envelope.schema.ts';
import {
  type ErrorName,
  errorCodes,
  errorHttpStatus,
  refusalFields,
} from '../../schemas/errors.ts';
import { type FieldName, isFieldName } from '../../schemas/fields.ts';
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
  const field = fieldOf(name, params);
  return reply.code(errorHttpStatus[name] ?? 200).send({
    code: errorCodes[name],
    msg: localize(request.language, name, params),
    data: null,
    ...(field === undefined ? {} : { field }),
  });
}

/** The request field a refusal is about: the one it was raised for, else its catalogue's. */
function fieldOf(name: ErrorName, params: MessageParams): FieldName | undefined {
  const named = params.field;
  if (named !== undefined && isFieldName(named)) return named;
  return refusalFields[name];
}
