// The operator's call of the proof of reserves (the CLI's `chain por`): takes a snapshot now and
// answers its root and totals, which are what the exchange publishes.
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { NoUsersError, takeSnapshot } from './take-snapshot.ts';

export function reservesOps({ db, config }: Pick<AppDeps, 'db' | 'config'>): OpsCall[] {
  const por = opsCall({
    path: '/ops/chain/por',
    input: z.object({}),
    commands: [
      {
        words: 'chain por',
        help: "take a proof-of-reserves snapshot of the users' balances and print its root",
      },
    ],
    run: async (_input, { log, fail }) => {
      try {
        const snapshot = await takeSnapshot(
          db,
          config.walletAssets.map((spec) => spec.asset),
        );
        await log('reserve_snapshot', String(snapshot.id), { hash: snapshot.root.hash });
        return {
          snapshot: snapshot.id,
          created_at: snapshot.createdAt.toISOString(),
          root: snapshot.root,
        };
      } catch (error) {
        if (error instanceof NoUsersError) return fail(error.message);
        throw error;
      }
    },
  });
  return [por];
}
