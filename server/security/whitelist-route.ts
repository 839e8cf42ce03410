// Whitelist mode: withdrawals only to addresses in the book. Turning it on only narrows where money
// can go, so it needs nothing; turning it off widens it, so it needs the code sent to the account's
// own email and the authenticator where one is bound, holds withdrawals and tells the owner.
import { setWithdrawWhitelist } from '../../schemas/api/account-security.schema.ts';
import { consumeCode } from '../accounts/codes.ts';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import { notify } from './notices.ts';
import { proveSecondFactor } from './second-factor.ts';
import { startWithdrawHold } from './withdraw-hold.ts';

export function whitelistRoute(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;

  router.add(setWithdrawWhitelist, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    // Already as asked: nothing to prove, nothing changes, no hold.
    if (user.withdraw_whitelist === input.enabled) return null;
    if (input.enabled) {
      await db
        .updateTable('users')
        .set({ withdraw_whitelist: true, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      return null;
    }
    if (input.email_code === undefined) throw new BusinessError('withdraw_code_required');
    const codeId = await checkEmailCode(deps, user, input.email_code);
    const proof = await proveSecondFactor(deps, context, user.id, input, { allowRecovery: false });
    await db.transaction().execute(async (trx) => {
      await consumeCode(trx, clock, codeId);
      await proof?.use(trx);
      await trx
        .updateTable('users')
        .set({ withdraw_whitelist: false, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      await startWithdrawHold(trx, clock, config.security.securityHoldMs, user.id, 'whitelist');
    });
    await notify(deps, user.id, { kind: 'whitelist_disabled' });
    return null;
  });
}
