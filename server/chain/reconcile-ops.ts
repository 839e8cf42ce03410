// The operator's reconciliation (the CLI's `chain reconcile`): reads the on-chain holdings and the
// ledger now and prints the report per asset. A difference is the answer, not a failure of the
// call: the report says `ok: false` and names it, so the operator sees every part at once.
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { type OpsCall, opsCall } from '../ops/ops-call.ts';
import { holdingsSource, noRealChain } from './holdings-source.ts';
import { reconcileEvm, reconciliationJson } from './reconcile.ts';

export function reconcileOps({ db, config }: Pick<AppDeps, 'db' | 'config'>): OpsCall[] {
  const reconcileCall = opsCall({
    path: '/ops/chain/reconcile',
    input: z.object({}),
    commands: [
      {
        words: 'chain reconcile',
        help: 'compare on-chain holdings with what the ledger owes, per asset, naming each difference',
      },
    ],
    run: async (_input, { fail }) => {
      const source = holdingsSource(db, config);
      if (!source) return fail(noRealChain);
      return reconciliationJson(await reconcileEvm(source));
    },
  });
  return [reconcileCall];
}
