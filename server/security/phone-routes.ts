// Binding (or changing) the phone: an SMS code to the new number, the code sent to the account's
// own email, and the authenticator where one is bound; withdrawals then wait out the hold, and the
// owner is told at the old and the new destinations.
import { bindPhone, sendPhoneCode } from '../../schemas/api/account-security.schema.ts';
import { checkCode, consumeCode, issueCode } from '../accounts/codes.ts';
import { getUser, type UserRow } from '../accounts/users.ts';
import { isUniqueViolation } from '../db/database.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import { notify } from './notices.ts';
import { proveSecondFactor } from './second-factor.ts';
import { startWithdrawHold } from './withdraw-hold.ts';

/** Refuses a number that is already this user's, or another account's phone or account. */
async function assertBindable(deps: AppDeps, user: UserRow, phone: string): Promise<void> {
  if (user.phone === phone || user.account === phone) throw new BusinessError('phone_same');
  const other = await deps.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('phone', '=', phone), eb('account', '=', phone)]))
    .where('id', '!=', user.id)
    .limit(1)
    .executeTakeFirst();
  if (other) throw new BusinessError('phone_taken');
}

export function phoneRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const codeDeps = { db, clock, brandName: config.brandName };

  router.add(sendPhoneCode, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    await assertBindable(deps, user, input.phone);
    // No anti-phishing code: the number is not yet known to be the owner's.
    return issueCode(codeDeps, deps.sms, {
      destination: input.phone,
      purpose: 'bind_phone',
      ip: context.ip,
      language: context.request.language,
    });
  });

  router.add(bindPhone, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    await assertBindable(deps, user, input.phone);
    const phoneCodeId = await checkCode(codeDeps, {
      destination: input.phone,
      purpose: 'bind_phone',
      code: input.code,
    });
    const emailCodeId = await checkEmailCode(deps, user, input.email_code);
    const proof = await proveSecondFactor(deps, context, user.id, input, { allowRecovery: false });
    try {
      await db.transaction().execute(async (trx) => {
        await consumeCode(trx, clock, phoneCodeId);
        await consumeCode(trx, clock, emailCodeId);
        await proof?.use(trx);
        await trx
          .updateTable('users')
          .set({ phone: input.phone, updated_at: clock.now() })
          .where('id', '=', user.id)
          .execute();
        await startWithdrawHold(trx, clock, config.security.securityHoldMs, user.id, 'phone');
      });
    } catch (error) {
      // Another account bound the same number in between.
      if (isUniqueViolation(error)) throw new BusinessError('phone_taken');
      throw error;
    }
    await notify(deps, user.id, { kind: 'phone_bound', phone: input.phone, previous: user.phone });
    return null;
  });
}
