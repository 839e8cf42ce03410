// `cluster`: the nodes the database knows (alive, gone quiet, stopped) and how many leases each
// holds, every lease with its owner and epoch, and this node's bus, for an operator of several
// nodes.
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/database.ts';
import { opsCall } from '../ops/ops-call.ts';
import { nodeHeartbeatMs } from './cluster-node.ts';
import { Leases } from './leases.ts';
import { listNodes } from './nodes.ts';

export function clusterCall(db: Db, bus: Bus, nodeId: string) {
  return opsCall({
    path: '/ops/cluster',
    input: z.object({}),
    commands: [{ words: 'cluster', help: 'nodes, market leases and their owners, and the bus' }],
    run: async () => {
      const [nodes, leases, health] = await Promise.all([
        listNodes(db),
        new Leases(db, nodeId, 0).list(),
        bus.health(),
      ]);
      // How many leases each node holds now: how evenly the markets are spread.
      const holds = new Map<string, number>();
      for (const lease of leases) {
        if (lease.held) holds.set(lease.owner, (holds.get(lease.owner) ?? 0) + 1);
      }
      return {
        node: nodeId,
        bus: health,
        nodes: nodes.map((node) => ({
          id: node.id,
          address: node.address,
          state:
            node.stoppedAt !== null
              ? 'stopped'
              : node.quietMs > 3 * nodeHeartbeatMs
                ? 'silent'
                : 'alive',
          started_at: node.startedAt.toISOString(),
          seen_at: node.seenAt.toISOString(),
          holds: holds.get(node.id) ?? 0,
        })),
        leases: leases.map((lease) => ({
          name: lease.name,
          owner: lease.owner,
          epoch: lease.epoch,
          expires_at: lease.expiresAt.toISOString(),
          held: lease.held,
        })),
      };
    },
  });
}
