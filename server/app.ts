// The HTTP server: body parsers, security headers, rate limit, envelope errors, the API and the web app.
import { existsSync } from 'node:fs';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { sessionRevocationsOver } from './accounts/session-revocations.ts';
import { resolveSession, sessionLimitsOf } from './accounts/sessions.ts';
import { createBinanceRouter } from './binance/binance-router.ts';
import { bindGeneralRoutes } from './binance/general-routes.ts';
import { KeyCache } from './binance/key-cache.ts';
import { MarketSockets } from './binance/market-sockets.ts';
import { DoorEventBus } from './binance/user-events.ts';
import { UserStreams } from './binance/user-stream.ts';
import { bindUserStreamRoutes } from './binance/user-stream-routes.ts';
import { WeightLimiter } from './binance/weights.ts';
import { WsApi } from './binance/ws-api.ts';
import { clusterScope, scopedBus } from './bus/cluster-scope.ts';
import { LocalBus } from './bus/local-bus.ts';
import { privateOverBus } from './bus/private-over-bus.ts';
import { joinedCluster } from './cluster/cluster.ts';
import type { AppDeps } from './deps.ts';
import { SocketGateway } from './gateway/socket-gateway.ts';
import { clientErrorHandler, requireHost } from './http/client-errors.ts';
import { contentSecurityDirectives } from './http/content-security-policy.ts';
import { frameworkErrorHandler, registerErrorHandlers } from './http/error-handler.ts';
import { registerLanguage } from './http/language.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { createRouter } from './http/router.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { createMarketService } from './market/create-market.ts';
import { PrintRecorder } from './market/print-recorder.ts';
import type { ModuleContext } from './module.ts';
import { exchangeReservations, modules } from './modules.ts';
import { ledgerCheckCall } from './ops/ledger-check.ts';
import { opsRoutes } from './ops/ops-routes.ts';
import { issueOpsToken } from './ops/ops-token.ts';
import { serverStatsCall } from './ops/server-stats.ts';
import { runModules } from './run-modules.ts';
import { nodeScheduler } from './scheduler.ts';
import { apiKeyCipherOf } from './security/api-key-cipher.ts';
import { resolveApiKey } from './security/api-key-store.ts';

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
    clientErrorHandler,
    // A request without a Host is answered by `requireHost`, in the envelope, not by Node.
    http: { requireHostHeader: false },
  });

  registerLanguage(app);
  requireHost(app);
  // Only the three body types of the wire contract; anything else is 415.
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    // Every directive named, none from helmet's defaults (server/http/content-security-policy.ts).
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(config.webRoot),
    },
  });
  const sessionLimits = sessionLimitsOf(config);
  await registerRateLimits(app, {
    apiPerMinute: config.rateLimitPerMinute,
    upgradesPerMinute: config.wsUpgradesPerMinute,
    userOf: async (token) =>
      (await resolveSession(deps.db, deps.clock, sessionLimits, token))?.userId ?? null,
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

  const router = createRouter(app, { db: deps.db, clock: deps.clock, sessionLimits });
  // Before any route: a route keeps the error handler in force when it is declared.
  registerErrorHandlers(app, router.paths);
  const scheduler = deps.scheduler ?? nodeScheduler;
  // Given by whoever opened it (and closes it), under this cluster's subjects; else this app's own
  // in-process bus. Close hooks run last added first: this one, added before the modules', closes
  // it after they stopped, so their last frames still go out.
  const bus = deps.bus ? scopedBus(deps.bus, await clusterScope(deps.db)) : new LocalBus();
  if (!deps.bus) app.addHook('onClose', () => bus.close());
  // The Binance-compatible door (docs/api-binance.md): its own paths, errors, weights and 404.
  const serverTime = () => deps.clock.now().getTime();
  const doorWeights = new WeightLimiter({ limit: config.binance.weightPerMinute }, serverTime);
  // Keys in memory a few seconds, forgotten on every node when one is deleted (key-cache.ts).
  const doorKeys = new KeyCache({
    resolve: async (apiKey) => resolveApiKey(deps.db, await apiKeyCipherOf(config), apiKey),
    bus,
    log: app.log,
    now: serverTime,
  });
  doorKeys.start();
  app.addHook('onClose', async () => doorKeys.stop());
  const binanceRouter = createBinanceRouter(app, {
    weights: doorWeights,
    resolveKey: (apiKey) => doorKeys.resolve(apiKey),
    now: serverTime,
  });
  bindGeneralRoutes(binanceRouter, serverTime);
  deps.binanceEndpoints?.(binanceRouter);
  // The door's user data streams: listen keys, and their users' events from any node's writers.
  bindUserStreamRoutes(binanceRouter, { db: deps.db, bus, now: () => deps.clock.now() });
  const doorEvents = new DoorEventBus(bus, app.log, () => scheduler.now());
  doorEvents.start();
  app.addHook('onClose', async () => doorEvents.stop());
  const market =
    deps.market ?? createMarketService(config, deps.db, scheduler, app.log, deps.feeds);
  const context: Omit<ModuleContext, 'keyScopes'> = {
    ...deps,
    app,
    router,
    anyNodeRouter: router,
    marketRouter: router,
    binanceRouter,
    doorEvents,
    scheduler,
    sessionLimits,
    // The market data and index prints every product reads: built here, run by the market module.
    market,
    prints: new PrintRecorder({
      db: deps.db,
      market,
      scheduler,
      retentionMs: config.option.printRetentionMs,
      log: app.log,
    }),
    log: app.log,
    bus,
  };
  const cluster = joinedCluster(app, {
    db: deps.db,
    config,
    bus,
    now: () => scheduler.now(),
  });
  const { built, ops } = await runModules(app, {
    definitions: modules,
    context,
    lease: cluster.lease,
    bus,
    nodeId: config.nodeId,
    ...(cluster.spread ? { spread: cluster.spread } : {}),
  });

  const publicStreams = built.flatMap((module) => module.publicStreams ?? []);
  const gateway = new SocketGateway({
    publicStreams,
    relay: cluster.relayFor(publicStreams),
    privateStreams: [
      privateOverBus(
        bus,
        built.flatMap((module) => module.privateStreams ?? []),
        app.log,
      ),
    ],
    scheduler,
    authenticate: async (token) =>
      (await resolveSession(deps.db, deps.clock, sessionLimits, token))?.userId ?? null,
    limits: { connectionsPerAddress: config.wsConnectionsPerAddress, ...deps.gatewayLimits },
    log: app.log,
    revocations: sessionRevocationsOver(bus, app.log),
  });
  await gateway.register(app);
  const userStreams = new UserStreams({
    db: deps.db,
    bus,
    log: app.log,
    scheduler,
    now: serverTime,
    nodeId: config.nodeId,
    weights: doorWeights,
  });
  userStreams.register(app);
  userStreams.start();
  app.addHook('onClose', async () => userStreams.stop());
  // Spot's user data over Binance's WebSocket API, as ccxt pro's `binance` reads it (ws-api.ts).
  const wsApi = new WsApi({
    events: userStreams,
    resolveKey: (apiKey) => doorKeys.resolve(apiKey),
    weights: doorWeights,
    bus,
    log: app.log,
    scheduler,
    now: serverTime,
  });
  wsApi.register(app);
  wsApi.start();
  app.addHook('onClose', async () => wsApi.stop());
  const marketSockets = new MarketSockets({
    host: gateway,
    scheduler,
    weights: doorWeights,
    log: app.log,
  });
  marketSockets.register(app, userStreams);
  marketSockets.start();
  app.addHook('onClose', async () => marketSockets.stop());
  opsRoutes(app, deps.db, await issueOpsToken(config.dataDir), [
    ledgerCheckCall(deps.db, exchangeReservations),
    serverStatsCall(deps.databaseStats, Date.now()),
    cluster.ops,
    ...ops,
  ]);

  if (existsSync(config.webRoot)) {
    await registerStaticFiles(app, config.webRoot);
  } else {
    app.log.warn({ webRoot: config.webRoot }, 'web app not built; serving the API only');
  }
  return app;
}
