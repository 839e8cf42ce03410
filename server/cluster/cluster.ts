// This node's part in a cluster, as the app takes it in: who runs the engines (at once on the
// embedded database, under a lease on PostgreSQL), the node's row while it listens, the relay
// of public channels when the engines may be elsewhere, and `ops cluster`.
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../bus/bus.ts';
import { PublicRelay } from '../bus/public-relay.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { PublicStream } from '../gateway/streams.ts';
import type { OpsCall } from '../ops/ops-call.ts';
import { type ClusterNode, joinCluster } from './cluster-node.ts';
import { clusterCall } from './cluster-ops.ts';
import { type EngineLease, enginesLease, LeasedEngines, SoleEngines } from './engine-lease.ts';
import { Leases } from './leases.ts';
import { SpreadMarkets } from './spread-markets.ts';

export interface Cluster {
  lease: EngineLease;
  /** The markets spread over the nodes by lease, when SPREAD_MARKETS says so (PostgreSQL only). */
  spread?: SpreadMarkets;
  /** The relay a gateway needs for `streams`: none when the engines are always here. */
  relayFor(streams: readonly PublicStream[]): PublicRelay | undefined;
  ops: OpsCall;
}

export function joinedCluster(
  app: FastifyInstance,
  options: { db: Db; config: Config; bus: Bus; now(): number },
): Cluster {
  const { db, config, bus } = options;
  const lease: EngineLease = config.databaseUrl
    ? new LeasedEngines(new Leases(db, config.nodeId, config.leaseMs), app.log)
    : new SoleEngines();
  const spread =
    config.databaseUrl && config.spreadMarkets.length > 0
      ? new SpreadMarkets({
          app,
          db,
          bus,
          leases: new Leases(db, config.nodeId, config.leaseMs),
          placement: config.leasePlacement,
        })
      : undefined;
  let node: ClusterNode | undefined;
  app.addHook('onListen', async () => {
    const bound = app.server.address();
    const port = typeof bound === 'object' && bound ? bound.port : config.port;
    node = await joinCluster({
      db,
      nodeId: config.nodeId,
      address: `${config.host}:${port}`,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await node?.stop();
  });
  return {
    lease,
    ...(spread ? { spread } : {}),
    relayFor: (streams) =>
      lease.mode === 'sole'
        ? undefined
        : new PublicRelay({
            bus,
            nodeId: config.nodeId,
            streams,
            leaseOf: (channel) =>
              streams.find((stream) => stream.serves(channel))?.leaseOf?.(channel) ?? enginesLease,
            held: () => [...(lease.isOwner() ? [enginesLease] : []), ...(spread?.running() ?? [])],
            now: options.now,
            log: app.log,
          }),
    ops: clusterCall(db, bus, config.nodeId),
  };
}
