// The proof of reserves, the liabilities side (docs/wallet.md § "Proof of reserves"): snapshots
// taken by the operator, and each user's proof that their balances are counted in the latest.
import { reserveProof } from '../../schemas/api/reserves.schema.ts';
import { defineModule } from '../module.ts';
import { reserveProofs } from './reserve-proofs.ts';
import { reservesOps } from './reserves-ops.ts';

export const reservesModule = defineModule({
  name: 'reserves',
  create(context) {
    const proofOf = reserveProofs(context.db);
    // Answered from the database alone, by whichever node the call reaches.
    context.anyNodeRouter.add(reserveProof, async (_input, { session }) => proofOf(session.userId));
    return { ops: reservesOps(context) };
  },
});
