// Log in (the password, then the authenticator's code where one is bound), log out, and recover a
// forgotten password.
import { forgetPassword, login, logout } from '../../schemas/api/account.schema.ts';
import type { ErrorName } from '../../schemas/errors.ts';
import type { LoginOutcome } from '../db/security-tables.ts';
import { transact } from '../db/transact.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext, Router } from '../http/router.ts';
import { recordFailedLogin } from '../security/login-history.ts';
import { notify } from '../security/notices.ts';
import { recoveryCodesLeft } from '../security/recovery-codes.ts';
import { proveSecondFactor, type SecondFactorFields } from '../security/second-factor.ts';
import { totpGuardPolicy } from '../security/totp-guard.ts';
import { startWithdrawHold } from '../security/withdraw-hold.ts';
import { checkCode, consumeCode } from './codes.ts';
import { logIn } from './log-in.ts';
import { liftAccountLimit, loginGuardPolicy } from './login-guard.ts';
import { checkLoginPassword } from './password-checks.ts';
import { hashPassword } from './passwords.ts';
import { announceRevoked, revokeSession, revokeUserSessions } from './sessions.ts';
import { findUserByAccount, type UserRow } from './users.ts';

/** What a refusal of a known account's login is written into its history as. */
const failureOutcomes: Partial<Record<ErrorName, Exclude<LoginOutcome, 'ok'>>> = {
  login_failed: 'password_wrong',
  login_locked: 'locked',
  totp_invalid: 'second_factor_wrong',
  totp_reused: 'second_factor_wrong',
  recovery_code_invalid: 'second_factor_wrong',
  totp_locked: 'locked',
};

export function loginRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const codeDeps = { db, clock, brandName: config.brandName };
  const holdMs = config.security.securityHoldMs;

  /** Checks the password, then the second factor; refusals of a known account are recorded. */
  async function authenticate(
    input: SecondFactorFields & { account: string; password: string },
    context: RouteContext,
  ): Promise<UserRow> {
    const user = await findUserByAccount(db, input.account);
    try {
      // A right password takes its count back even when the code is still to come, so the
      // two-step form never locks the owner.
      const right = await checkLoginPassword(deps, context, input.account, user, input.password);
      if (!user || !right) throw new BusinessError('login_failed');
      const proof = await proveSecondFactor(deps, context, user.id, input, {
        allowRecovery: true,
      });
      if (proof) {
        await transact(db, async (trx) => {
          await proof.use(trx);
          // Whoever holds a recovery code may be someone other than the owner: money waits.
          if (proof.kind === 'recovery') {
            await startWithdrawHold(trx, clock, holdMs, user.id, 'recovery');
          }
        });
        if (proof.kind === 'recovery') {
          const left = await recoveryCodesLeft(db, user.id);
          await notify(deps, user.id, { kind: 'recovery_code_used', left });
        }
      }
      return user;
    } catch (error) {
      const outcome = error instanceof BusinessError ? failureOutcomes[error.errorName] : undefined;
      if (user && outcome) await recordFailedLogin(deps, user.id, context, outcome);
      throw error;
    }
  }

  router.add(login, async (input, context) => {
    const user = await authenticate(input, context);
    return logIn(deps, user, context, 'password');
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
    const ended = await transact(db, async (trx) => {
      await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      // Whoever knew the old password is logged out everywhere.
      const revoked = await revokeUserSessions(trx, clock, user.id);
      // A reset needs only the mailbox: if that is an intruder's, the owner has the hold to act.
      await startWithdrawHold(trx, clock, holdMs, user.id, 'password');
      return revoked;
    });
    // Their open sockets end too, on every node, now that the change committed.
    announceRevoked(ended);
    // Guesses at the old password no longer matter, nor codes tried by whoever had it: the owner
    // may log in from anywhere again.
    await liftAccountLimit(db, loginGuardPolicy, user.account);
    await liftAccountLimit(db, totpGuardPolicy, String(user.id));
    await notify(deps, user.id, { kind: 'password_changed' });
    return null;
  });

  router.add(logout, async (_input, context) => {
    await revokeSession(db, clock, context.session.tokenHash);
    return null;
  });
}
