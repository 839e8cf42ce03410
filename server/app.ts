// The HTTP server: body parsers, security headers, rate limit, envelope errors, the API and the web app.
import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { loginRoutes } from './accounts/login-routes.ts';
import { registerRoutes } from './accounts/register-routes.ts';
import { securityRoutes } from './accounts/security-routes.ts';
import { resolveSession, sessionLimitsOf } from './accounts/sessions.ts';
import { articleRoutes } from './content/article-routes.ts';
import { brandRoutes } from './content/brand-routes.ts';
import { contentOps } from './content/content-ops.ts';
import { homeRoutes } from './content/home-routes.ts';
import type { AppDeps } from './deps.ts';
import { SocketGateway } from './gateway/socket-gateway.ts';
import { frameworkErrorHandler, registerErrorHandlers } from './http/error-handler.ts';
import { registerLanguage } from './http/language.ts';
import { createRouter } from './http/router.ts';
import { identityRoutes } from './identity/identity-routes.ts';
import { kycOps } from './identity/kyc-ops.ts';
import { createMarketService } from './market/create-market.ts';
import { marketRoutes } from './market/market-routes.ts';
import { opsRoutes } from './ops/ops-routes.ts';
import { issueOpsToken } from './ops/ops-token.ts';
import { inviteRoutes } from './referrals/invite-routes.ts';
import { nodeScheduler } from './scheduler.ts';
import { spotRoutes } from './spot/spot-routes.ts';
import { SpotService } from './spot/spot-service.ts';
import { SupportBus } from './support/support-bus.ts';
import { supportRoutes } from './support/support-routes.ts';
import { walletRoutes } from './wallet/wallet-routes.ts';

export const limits = {
  /** Form and JSON bodies: every call of the API fits in far less. */
  bodyBytes: 64 * 1024,
};

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: limits.bodyBytes,
    frameworkErrors: frameworkErrorHandler,
  });

  registerLanguage(app);
  // Only the three body types of the wire contract; anything else is 415.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        connectSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'", 'blob:'],
        // Served over plain HTTP on a LAN in development; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // A file over UPLOAD_MAX_BYTES arrives cut to one byte more than the limit, so the upload
    // handler can refuse it with a message the app shows (a 413 is never shown to the user).
    throwFileSizeLimit: false,
    limits: {
      fileSize: config.uploadMaxBytes + 1,
      files: 2,
      fields: 30,
      fieldSize: limits.bodyBytes,
    },
  });

  const sessionLimits = sessionLimitsOf(config);
  const router = createRouter(app, { db: deps.db, clock: deps.clock, sessionLimits });
  const scheduler = deps.scheduler ?? nodeScheduler;
  const market = deps.market ?? createMarketService(config, deps.db, scheduler, app.log);
  await market.start();
  const spot = new SpotService({
    db: deps.db,
    clock: deps.clock,
    scheduler,
    market,
    settings: config.spot,
    log: app.log,
  });
  await spot.start();
  app.addHook('onClose', async () => {
    // Orders first: the last commands finish and publish while the market data is still live.
    await spot.stop();
    await market.stop();
  });
  // Operators' answers reach the user's socket through it.
  const supportBus = new SupportBus();
  const gateway = new SocketGateway({
    support: supportBus,
    service: market,
    spot,
    scheduler,
    authenticate: async (token) =>
      (await resolveSession(deps.db, deps.clock, sessionLimits, token))?.userId ?? null,
    ...(deps.gatewayLimits ? { limits: deps.gatewayLimits } : {}),
  });
  await gateway.register(app);
  brandRoutes(router, deps);
  registerRoutes(router, deps);
  loginRoutes(router, deps);
  securityRoutes(router, deps);
  identityRoutes(app, router, deps, sessionLimits);
  inviteRoutes(router, deps);
  marketRoutes(router, market, () => scheduler.now());
  walletRoutes(router, deps, market);
  spotRoutes(router, deps, spot);
  opsRoutes(app, deps, await issueOpsToken(config.dataDir), [
    contentOps(deps.db, supportBus),
    kycOps(deps),
  ]);
  articleRoutes(router, deps);
  supportRoutes(router, deps, supportBus);
  homeRoutes(router, deps, market, () => scheduler.now());
  registerErrorHandlers(app, router.paths);

  if (existsSync(config.webRoot)) {
    await app.register(fastifyStatic, { root: config.webRoot, wildcard: false });
  } else {
    app.log.warn({ webRoot: config.webRoot }, 'web app not built; serving the API only');
  }
  return app;
}
