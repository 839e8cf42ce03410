// The session token a request carries, as `Authorization: Bearer <token>`; null without one.
import type { FastifyRequest } from 'fastify';

const bearer = /^Bearer\s+(\S{1,200})$/i;

export function bearerToken(request: FastifyRequest): string | null {
  return bearer.exec(request.headers.authorization ?? '')?.[1] ?? null;
}
