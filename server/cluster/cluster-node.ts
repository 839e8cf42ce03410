// This node's row among the cluster's: written when it starts listening, touched while it lives,
// marked when it stops cleanly. What `ops cluster` shows an operator of several nodes (and of one).
import type { Db } from '../db/database.ts';
import { markNodeStopped, registerNode, touchNode } from './nodes.ts';

/** How often a node says it is alive; `ops cluster` calls it gone after three missed. */
export const nodeHeartbeatMs = 5_000;

export interface ClusterNode {
  stop(): Promise<void>;
}

export async function joinCluster(options: {
  db: Db;
  nodeId: string;
  address: string;
  log: { warn(details: object, message: string): void };
}): Promise<ClusterNode> {
  const { db, nodeId, log } = options;
  await registerNode(db, nodeId, options.address);
  const timer = setInterval(() => {
    touchNode(db, nodeId).catch((error: unknown) =>
      log.warn({ err: error, node: nodeId }, 'node heartbeat not written'),
    );
  }, nodeHeartbeatMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await markNodeStopped(db, nodeId).catch((error: unknown) =>
        log.warn({ err: error, node: nodeId }, 'node stop not written'),
      );
    },
  };
}
