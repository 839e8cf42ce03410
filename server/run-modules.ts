// Builds the modules and runs them: the others at once, those with engines where the engines
// lease is (server/cluster/engine-lease.ts). An engine module's calls are recorded, so another
// node hands them to the engines' node, and its transactions are fenced by the lease. When markets
// are spread over the nodes, a module's share of per-market work runs where each market's lease
// is, and its calls bound to a market go there (server/cluster/spread-markets.ts).
import type { FastifyInstance } from 'fastify';
import { readScope } from '../schemas/api/api-keys.schema.ts';
import type { BinanceRouter } from './binance/binance-router.ts';
import type { Bus } from './bus/bus.ts';
import {
  enginesDestination,
  forwardEngineCalls,
  serveEngineCalls,
} from './cluster/engine-calls.ts';
import type { EngineLease } from './cluster/engine-lease.ts';
import type { SpreadMarkets } from './cluster/spread-markets.ts';
import { fencedDb } from './db/fenced-db.ts';
import { apiPrefix, type Router } from './http/router.ts';
import type { ModuleContext, ModuleDefinition, ServerModule } from './module.ts';
import type { OpsCall } from './ops/ops-call.ts';

export interface RunningModules {
  built: readonly ServerModule[];
  ops: readonly OpsCall[];
}

export async function runModules(
  app: FastifyInstance,
  options: {
    definitions: readonly ModuleDefinition[];
    /** The modules' context, but for the key scopes, which come from the modules themselves. */
    context: Omit<ModuleContext, 'keyScopes'>;
    lease: EngineLease;
    bus: Bus;
    nodeId: string;
    /** Markets spread over the nodes by lease (SPREAD_MARKETS), if they are. */
    spread?: SpreadMarkets;
  },
): Promise<RunningModules> {
  const { definitions, context, lease, bus, spread } = options;
  checkSpreadWords(context.config.spreadMarkets, definitions);
  const enginePaths = new Map<string, string>();
  const toEnginesDestination = enginesDestination(lease, enginePaths);
  forwardEngineCalls(app, {
    bus,
    destination: spread ? spread.destination(toEnginesDestination) : toEnginesDestination,
  });
  const toEngines = recording(context.router, enginePaths);
  const doorToEngines = recordingDoor(context.binanceRouter, enginePaths);
  const keyScopes = [readScope, ...definitions.flatMap((definition) => definition.keyScope ?? [])];
  const othersContext: ModuleContext = { ...context, keyScopes, marketRouter: toEngines };
  const engineContext: ModuleContext = {
    ...othersContext,
    db: lease.mode === 'leased' ? fencedDb(context.db, (trx) => lease.fence(trx)) : context.db,
    ...(spread ? { leasedDb: (name: string) => spread.leasedDb(name) } : {}),
  };
  const built = definitions.map((definition) => {
    if (!definition.engine) return definition.create(othersContext);
    // Each engine module's paths noted apart too: a share's calls are routed by its own paths.
    const paths = new Map<string, string>();
    const module = definition.create({
      ...engineContext,
      router: recording(toEngines, paths),
      binanceRouter: recordingDoor(doorToEngines, paths),
    });
    if (module.share) spread?.add(module.share, paths);
    return module;
  });
  const engines = built.filter((_, i) => definitions[i]?.engine);
  const others = built.filter((_, i) => !definitions[i]?.engine);
  const nameOf = (module: ServerModule) => definitions[built.indexOf(module)]?.name;

  // In list order, each timed: what a start spends before it answers is in the log.
  const start = async (modules: readonly ServerModule[]) => {
    for (const module of modules) {
      if (!module.start) continue;
      const started = performance.now();
      await module.start();
      const ms = Math.round(performance.now() - started);
      app.log.info({ module: nameOf(module), ms }, 'module started');
    }
  };
  const stop = async (modules: readonly ServerModule[]) => {
    for (const module of [...modules].reverse()) await module.stop?.();
  };

  let stopServing: (() => void) | undefined;
  await lease.start({
    gained: async () => {
      await start(engines);
      if (lease.mode === 'leased') stopServing = serveEngineCalls(app, bus, options.nodeId);
    },
    lost: async () => {
      stopServing?.();
      stopServing = undefined;
      await stop(engines);
    },
  });
  await start(others);
  await spread?.start(options.nodeId);
  app.addHook('onClose', async () => {
    await spread?.stop();
    await lease.stop();
    await stop(others);
  });

  const ops = built.flatMap((module, i) =>
    (module.ops ?? []).map((call) => (definitions[i]?.engine ? ownersOnly(call, lease) : call)),
  );
  return { built, ops };
}

/** The router, noting in `paths` each URL it serves, with the path the module bound it by. */
function recording(router: Router, paths: Map<string, string>): Router {
  return {
    paths: router.paths,
    add(endpoint, handler) {
      paths.set(apiPrefix + endpoint.path, endpoint.path);
      router.add(endpoint, handler);
    },
  };
}

/** The door's router, noting its paths the same way: a door path is its URL. */
function recordingDoor(router: BinanceRouter, paths: Map<string, string>): BinanceRouter {
  return {
    paths: router.paths,
    add(definition, handler) {
      paths.set(definition.path, definition.path);
      router.add(definition, handler);
    },
  };
}

/** An engine module's operator call, refused on a node that does not run the engines. */
function ownersOnly(call: OpsCall, lease: EngineLease): OpsCall {
  return {
    ...call,
    accept(body) {
      const accepted = call.accept(body);
      if ('problem' in accepted) return accepted;
      return {
        run: (kit) =>
          lease.isOwner()
            ? accepted.run(kit)
            : kit.fail('the engines run on another node: run this command there (see `cluster`)'),
      };
    },
  };
}

/** Every word of SPREAD_MARKETS names a module that spreads its markets: a typo stops the start. */
export function checkSpreadWords(
  words: readonly string[],
  definitions: readonly ModuleDefinition[],
) {
  const known = definitions.flatMap((definition) => definition.spreads ?? []);
  const unknown = words.filter((word) => !known.includes(word));
  if (unknown.length > 0) {
    throw new Error(
      `SPREAD_MARKETS names ${unknown.join(', ')}: the markets that can spread are ${known.join(', ')}`,
    );
  }
}
