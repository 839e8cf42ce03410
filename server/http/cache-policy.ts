// What a cache may keep of an answer of the API or the operator API, decided in one place for
// every answer (errors, 404 and 429 included): nothing, unless the call is a public read of
// market data or published content, which carries no token and nothing personal.
import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../schemas/endpoint.ts';

/** Tokens, sessions, balances, orders, operator data: never written to any cache. */
export const privateAnswer = 'no-store';
/** Public data: a cache may keep it but must ask again before each reuse, so prices are never stale. */
export const publicAnswer = 'no-cache';

/** Paths (under `/api`) of public reads: market data, the home page, articles and documents. */
const publicReadPrefixes = ['/market/', '/index/', '/article/'];
/** Public reads elsewhere: catalogues of what the wallet and spot trading offer. */
const publicReadPaths = new Set(['/wallet/assets', '/spot/markets']);

/** A GET without a token whose answer is the same for everyone (codes sent by GET are not reads). */
export function isPublicRead(endpoint: Endpoint): boolean {
  return (
    endpoint.method === 'GET' &&
    !endpoint.auth &&
    (publicReadPaths.has(endpoint.path) ||
      publicReadPrefixes.some((prefix) => endpoint.path.startsWith(prefix)))
  );
}

/**
 * Sets `Cache-Control` on every answer under `prefixes`: `publicAnswer` for the routes listed in
 * `publicRoutes` (full URLs, e.g. `/api/market/depth`), `privateAnswer` for everything else.
 * An answer that already forbids storing keeps its own header.
 */
export function registerCachePolicy(
  app: FastifyInstance,
  prefixes: readonly string[],
  publicRoutes: ReadonlySet<string>,
): void {
  const covers = (path: string | undefined) =>
    path !== undefined &&
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    // The route too: a path spelled with escapes (`/%61pi/…`) still reaches an `/api` route.
    if (!covers(request.url.split('?', 1)[0]) && !covers(route)) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current === 'string' && current.includes('no-store')) return payload;
    const isPublic =
      (request.method === 'GET' || request.method === 'HEAD') &&
      route !== undefined &&
      publicRoutes.has(route) &&
      reply.statusCode === 200;
    reply.header('cache-control', isPublic ? publicAnswer : privateAnswer);
    return payload;
  });
}
