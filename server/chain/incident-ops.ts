// The operator's calls on chain incidents (the CLI's `chain incidents` and `chain incident
// resolve`): what the chain's machinery could not settle alone (server/chain/incidents.ts) is
// listed until the operator, having looked, marks it resolved with a note of what was done.
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { resolveIncident } from './incidents.ts';

type IncidentRow = {
  id: number;
  chain: string;
  kind: string;
  block_number: string | number | null;
  details: Record<string, unknown> | string;
  created_at: Date;
  resolved_at: Date | null;
};

function incidentView(row: IncidentRow) {
  return {
    id: row.id,
    chain: row.chain,
    kind: row.kind,
    block_number: row.block_number === null ? null : String(row.block_number),
    details: typeof row.details === 'string' ? JSON.parse(row.details) : row.details,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

export function incidentOps({ db }: Pick<AppDeps, 'db'>): OpsCall[] {
  const list = opsCall({
    path: '/ops/chain/incidents',
    input: z.object({ status: z.enum(['open', 'resolved', 'all']).default('open') }),
    commands: [
      {
        words: 'chain incidents',
        options: ['status'],
        help: 'the chain incidents, oldest first: open ones (the default), resolved or all',
      },
    ],
    run: async ({ status }) => {
      let query = db.selectFrom('chain_incidents').selectAll().orderBy('id');
      if (status === 'open') query = query.where('resolved_at', 'is', null);
      if (status === 'resolved') query = query.where('resolved_at', 'is not', null);
      return { incidents: (await query.execute()).map(incidentView) };
    },
  });
  const resolve = opsCall({
    path: '/ops/chain/incident/resolve',
    input: z.object({ id: z.coerce.number().int().positive(), note: z.string().trim().min(1) }),
    commands: [
      {
        words: 'chain incident resolve',
        args: ['id', '...note'],
        help: 'mark an open chain incident resolved, with a note of what was done',
      },
    ],
    run: async ({ id, note }, { log, fail }) => {
      const resolved = await resolveIncident(db, id, note);
      if (!resolved) return fail(`no open chain incident ${id}`);
      await log('chain_incident_resolve', String(id), { kind: resolved.kind, note });
      return incidentView(resolved);
    },
  });
  return [list, resolve];
}
