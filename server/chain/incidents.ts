// What the chain's machinery cannot settle alone and the operator must look at: a reorganisation
// deeper than the confirmations (a credited deposit may no longer exist), a hot wallet that cannot
// cover what it must send. Raised once while open (the same kind and key are not repeated every
// round), logged as an error, listed by `ops chain incidents` until resolved.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface NewIncident {
  chain: string;
  /** What happened: `deep_reorg`, `hot_wallet_short`, … */
  kind: string;
  /** What tells one incident of a kind from another (a block, a send), so it is raised once. */
  key: string;
  blockNumber?: bigint;
  details: Record<string, unknown>;
}

/** Raises the incident unless one of the same kind and key is still open; true when raised. */
export async function raiseIncident(
  db: Db,
  log: FastifyBaseLogger,
  incident: NewIncident,
): Promise<boolean> {
  const open = await db
    .selectFrom('chain_incidents')
    .select('id')
    .where('chain', '=', incident.chain)
    .where('kind', '=', incident.kind)
    .where('resolved_at', 'is', null)
    .where(sql<string>`details->>'key'`, '=', incident.key)
    .executeTakeFirst();
  if (open) return false;
  const details = { ...incident.details, key: incident.key };
  await db
    .insertInto('chain_incidents')
    .values({
      chain: incident.chain,
      kind: incident.kind,
      block_number: incident.blockNumber?.toString() ?? null,
      details: JSON.stringify(details),
    })
    .execute();
  log.error({ chain: incident.chain, incident: incident.kind, ...details }, 'chain incident');
  return true;
}

/**
 * Marks an open incident resolved, keeping the operator's note in its details; the incident as it
 * is now, or undefined when there is no open incident of that id.
 */
export function resolveIncident(db: Db, id: number, note: string) {
  return db
    .updateTable('chain_incidents')
    .set({
      resolved_at: sql<Date>`now()`,
      details: sql<string>`details || jsonb_build_object('resolution', ${note}::text)`,
    })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
