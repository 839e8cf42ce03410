// The operator's call of the proof of reserves (the CLI's `chain por`): takes a snapshot now and
// answers its root and totals with the on-chain holdings read for it, which are what the exchange
// publishes.
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { publishSnapshot, snapshotJson } from './publish-snapshot.ts';
import { NoUsersError } from './take-snapshot.ts';

export function reservesOps({ db, config }: Pick<AppDeps, 'db' | 'config'>): OpsCall[] {
  const por = opsCall({
    path: '/ops/chain/por',
    input: z.object({}),
    commands: [
      {
        words: 'chain por',
        help: "take a proof-of-reserves snapshot of the users' balances and the on-chain holdings",
      },
    ],
    run: async (_input, { log, fail }) => {
      try {
        const snapshot = await publishSnapshot(db, config);
        await log('reserve_snapshot', String(snapshot.id), { hash: snapshot.root.hash });
        return snapshotJson(snapshot);
      } catch (error) {
        if (error instanceof NoUsersError) return fail(error.message);
        throw error;
      }
    },
  });
  return [por];
}
