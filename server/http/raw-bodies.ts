// A request's body as it came, kept where a route needs the bytes and not only what they parse to:
// a Binance door call's signature covers its raw form body (docs/api-binance.md), so a node that
// hands such a call to another (server/cluster/engine-calls.ts) sends these, not its parsed body.
import type { FastifyRequest } from 'fastify';

const rawBodies = new WeakMap<FastifyRequest, string>();

export function keepRawBody(request: FastifyRequest, body: string): void {
  rawBodies.set(request, body);
}

/** The body as it came, for a route that keeps it; undefined for any other. */
export function rawBodyOf(request: FastifyRequest): string | undefined {
  return rawBodies.get(request);
}
