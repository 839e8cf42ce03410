// The wallet calls: balances, and transfers between the caller's own accounts.
import { balances, transfer } from '../../schemas/api/wallet.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { idempotencyKeyOf, idempotent } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { assetSpec, defaultAssets } from './assets.ts';
import { balancesOf } from './balances.ts';
import { transferFunds } from './transfer.ts';

export function walletRoutes(router: Router, deps: AppDeps): void {
  router.add(balances, async (_input, { session }) => ({
    balances: await balancesOf(deps.db, session.userId),
  }));

  router.add(transfer, async (input, { session, request }) => {
    const key = idempotencyKeyOf(request);
    if (!assetSpec(defaultAssets, input.asset)) throw new BusinessError('asset_unknown');
    return idempotent(
      { db: deps.db, userId: session.userId, key, path: transfer.path, request: input },
      (trx) => transferFunds(trx, session.userId, input, `transfer:${session.userId}:${key}`),
    );
  });
}
