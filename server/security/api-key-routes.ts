// The security center's API keys (docs/api-binance.md § "API keys"): made with the email code and,
// with an authenticator bound, its code, both used up in the transaction that stores the key;
// listed without their secrets; deleted by their owner alone. The owner is told of each.
import {
  apiKeyScopes,
  apiKeys,
  createApiKey,
  deleteApiKey,
} from '../../schemas/api/api-keys.schema.ts';
import { checkCode, consumeCode } from '../accounts/codes.ts';
import { getUser, securityDestination } from '../accounts/users.ts';
import { publishRevokedKey } from '../binance/key-cache.ts';
import type { Bus } from '../bus/bus.ts';
import { transact } from '../db/transact.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { apiKeyCipherOf } from './api-key-cipher.ts';
import {
  type ApiKeyListing,
  apiKeyLimit,
  countLiveApiKeys,
  deleteApiKey as deleteStoredApiKey,
  insertApiKey,
  listApiKeys,
} from './api-key-store.ts';
import { isIpAddressOrBlock } from './ip-blocks.ts';
import { notify } from './notices.ts';
import { proveSecondFactor } from './second-factor.ts';

/** A key as its owner's list shows it. */
function listed(key: ApiKeyListing) {
  return {
    id: key.id,
    label: key.label,
    api_key: key.apiKey,
    scopes: [...key.scopes],
    ip_allowlist: [...key.ipAllowlist],
    created_at: key.createdAt.toISOString(),
  };
}

export function apiKeyRoutes(
  router: Router,
  deps: AppDeps & { keyScopes: readonly string[]; bus: Bus },
): void {
  const { db, clock, config } = deps;
  const full = () => new BusinessError('api_key_limit', { count: apiKeyLimit });

  router.add(createApiKey, async (input, context) => {
    // Only the scopes offered: `read` and the trading modules' own.
    if (input.scopes.some((scope) => !deps.keyScopes.includes(scope))) {
      throw new BusinessError('field_invalid', { field: 'scopes' });
    }
    if (!input.ip_allowlist.every(isIpAddressOrBlock)) {
      throw new BusinessError('ip_allowlist_invalid', { field: 'ip_allowlist' });
    }
    const user = await getUser(db, context.session.userId);
    // Refused before any code is tried, so a full account spends no try; decided again below.
    if ((await countLiveApiKeys(db, user.id)) >= apiKeyLimit) throw full();
    const codeDeps = { db, clock, brandName: config.brandName };
    const destination = securityDestination(user);
    const codeId = await checkCode(codeDeps, {
      destination,
      purpose: 'security',
      code: input.code,
    });
    const proof = await proveSecondFactor(deps, context, user.id, input, { allowRecovery: false });
    const cipher = await apiKeyCipherOf(config);
    const created = await transact(db, async (trx) => {
      // Creations of one user take turns here, so two at once cannot pass the limit.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
      if ((await countLiveApiKeys(trx, user.id)) >= apiKeyLimit) throw full();
      await consumeCode(trx, clock, codeId);
      await proof?.use(trx);
      return insertApiKey(trx, cipher, {
        userId: user.id,
        label: input.label,
        scopes: input.scopes,
        ipAllowlist: input.ip_allowlist,
      });
    });
    // Whoever holds a session and the mailbox could make one: the owner hears of it at once.
    await notify(deps, user.id, { kind: 'api_key_created', name: created.label });
    return { ...listed(created), secret: created.secret };
  });

  // The screen offers what this build's modules declare, so it names no product either.
  router.add(apiKeyScopes, async () => ({ list: [...deps.keyScopes] }));

  router.add(apiKeys, async (_input, context) =>
    (await listApiKeys(db, context.session.userId)).map(listed),
  );

  router.add(deleteApiKey, async (input, context) => {
    // Another user's key is answered as a missing one: ids tell nothing of who holds them.
    const userId = context.session.userId;
    const deleted = await deleteStoredApiKey(db, clock, userId, input.id);
    if (deleted === null) throw new BusinessError('api_key_not_found');
    // Every node's door forgets it at once (server/binance/key-cache.ts).
    publishRevokedKey(deps.bus, deleted.apiKey);
    await notify(deps, userId, { kind: 'api_key_deleted', name: deleted.label });
    return null;
  });
}
