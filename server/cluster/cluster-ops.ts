// `cluster`: the nodes the database knows (alive, gone quiet, stopped), the leases and their
// owners, and this node's bus, for an operator of several nodes.
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
