// The small-balance calls (`/wallet/small-balances*`, docs/spot.md § "Small balances"): on the
// wallet's path, where large exchanges put dust conversion with the assets, but served here, since
// the sales are made on the spot books; so the wallet product needs no way into spot. Both act on
// the session's user only.
import {
  convertSmallBalances,
  previewSmallBalances,
} from '../../schemas/api/small-balances.schema.ts';
import type { AppDeps } from '../deps.ts';
import { idempotencyKeyOf } from '../http/idempotency.ts';
import type { Router } from '../http/router.ts';
import { convertSmallBalancesNow, smallBalancesPreview } from './small-balances.ts';
import type { SpotService } from './spot-service.ts';

export function smallBalanceRoutes(router: Router, deps: AppDeps, spot: SpotService): void {
  router.add(previewSmallBalances, async (_, { session }) =>
    smallBalancesPreview(deps.db, spot, session.userId),
  );
  router.add(convertSmallBalances, async (_, { session, request }) =>
    convertSmallBalancesNow(deps.db, spot, session.userId, idempotencyKeyOf(request)),
  );
}
