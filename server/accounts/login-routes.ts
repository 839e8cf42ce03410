// Log in, log out, and recover a forgotten password.
import { forgetPassword, login, logout } from '../../schemas/api/account.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkCode, consumeCode } from './codes.ts';
import { logIn } from './log-in.ts';
import { liftAccountLimit, loginGuardPolicy } from './login-guard.ts';
import { checkLoginPassword } from './password-checks.ts';
import { hashPassword } from './passwords.ts';
import { revokeSession, revokeUserSessions } from './sessions.ts';
import { findUserByAccount } from './users.ts';

export function loginRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const codeDeps = { db, clock, brandName: config.brandName };

  router.add(login, async (input, context) => {
    const user = await findUserByAccount(db, input.account);
    const right = await checkLoginPassword(deps, context, input.account, user, input.password);
    if (!user || !right) throw new BusinessError('login_failed');
    return logIn(deps, user, context);
  });

  router.add(forgetPassword, async (input) => {
    const user = await findUserByAccount(db, input.account);
    if (!user) throw new BusinessError('account_not_found');
    const codeId = await checkCode(codeDeps, {
      destination: user.account,
      purpose: 'forget',
      code: input.code,
    });
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      // Whoever knew the old password is logged out everywhere.
      await revokeUserSessions(trx, clock, user.id);
    });
    // Guesses at the old password no longer matter: the owner may log in from anywhere again.
    await liftAccountLimit(db, loginGuardPolicy, user.account);
    return null;
  });

  router.add(logout, async (_input, context) => {
    await revokeSession(db, clock, context.session.tokenHash);
    return null;
  });
}
