// One NATS server may carry several clusters: staging beside production, test runs side by side.
// Nodes on one database are one cluster, so every subject a node uses is put under the database's
// cluster id (migration 0015): no cluster hears another's frames or answers another's calls, and
// no setting has to be kept apart by hand.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Bus } from './bus.ts';

/** The subject prefix of the cluster whose database this is. */
export async function clusterScope(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from cluster_identity`.execute(db);
  const id = rows[0]?.id;
  if (!id) throw new Error('the database has no cluster id');
  return `c${id.slice(0, 16)}`;
}

/** `bus` with every subject under `scope`; subscribers see the subjects as they asked for them. */
export function scopedBus(bus: Bus, scope: string): Bus {
  const head = `${scope}.`;
  const outer = (subject: string) =>
    subject.startsWith(head) ? subject.slice(head.length) : subject;
  return {
    kind: bus.kind,
    publish: (subject, message) => bus.publish(head + subject, message),
    subscribe: (subject, handler) =>
      bus.subscribe(head + subject, (message, on) => handler(message, outer(on))),
    serve: (subject, handler) =>
      bus.serve(head + subject, (message, on) => handler(message, outer(on))),
    request: (subject, message, timeoutMs) => bus.request(head + subject, message, timeoutMs),
    health: () => bus.health(),
    close: () => bus.close(),
  };
}
