// The anti-phishing code: a phrase of the user's own that every mail and SMS to the account
// carries from then on, set or changed with the code sent to the account's own email.
import { setAntiPhishingCode } from '../../schemas/api/account-security.schema.ts';
import { consumeCode } from '../accounts/codes.ts';
import { getUser } from '../accounts/users.ts';
import type { AppDeps } from '../deps.ts';
import type { Router } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import { notify } from './notices.ts';

export function antiPhishingRoute(router: Router, deps: AppDeps): void {
  const { db, clock } = deps;

  router.add(setAntiPhishingCode, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const codeId = await checkEmailCode(deps, user, input.email_code);
    await db.transaction().execute(async (trx) => {
      await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ anti_phishing_code: input.anti_phishing_code, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
    });
    // Carries the new code, so the owner sees at once what the genuine mails will show.
    await notify(deps, user.id, { kind: 'anti_phishing_set' });
    return null;
  });
}
