// The request limits. Only the API, the operator calls and socket upgrades count: the app's files
// are cacheable and cheap, and a page load's dozens of them must never use up a trader's calls.
// An API call with a live session counts against its user (an office or a carrier's NAT shares one
// address among many users); one without, against its address (an IPv6 /64 counting as one).
// Socket upgrades have a window of their own per address, higher than the API's: a network change
// reconnects every tab at once, and reconnecting is never a reason to lock the page out.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addressGroup } from '../gateway/client-address.ts';
import { bearerToken } from './bearer-token.ts';
import { apiPrefix, opsPrefix } from './router.ts';

export interface RateLimitSettings {
  /** API calls per user (with a session) or per address (without) a minute. */
  apiPerMinute: number;
  /** Socket upgrades per address a minute. */
  upgradesPerMinute: number;
  /** The user of a bearer token when its session is live, else null. */
  userOf(token: string): Promise<number | null>;
}

const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';
const isUpgrade = (request: FastifyRequest) => pathOf(request) === '/ws';
const isCounted = (request: FastifyRequest) => {
  const at = pathOf(request);
  return at.startsWith(`${apiPrefix}/`) || at.startsWith(`${opsPrefix}/`) || at === '/ws';
};

/** The window a request counts in: `ws:`, `user:` or `addr:`, then whose. */
export async function rateLimitKey(
  request: FastifyRequest,
  userOf: RateLimitSettings['userOf'],
): Promise<string> {
  const address = addressGroup(request.ip);
  if (isUpgrade(request)) return `ws:${address}`;
  const token = isCounted(request) ? bearerToken(request) : null;
  const user = token ? await userOf(token) : null;
  return user === null ? `addr:${address}` : `user:${user}`;
}

export async function registerRateLimits(
  app: FastifyInstance,
  settings: RateLimitSettings,
): Promise<void> {
  await app.register(rateLimit, {
    timeWindow: 60_000,
    keyGenerator: (request) => rateLimitKey(request, settings.userOf),
    max: (_request, key) =>
      key.startsWith('ws:') ? settings.upgradesPerMinute : settings.apiPerMinute,
    allowList: (request) => !isCounted(request),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}
