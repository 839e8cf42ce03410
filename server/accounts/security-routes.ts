// The logged-in user's own settings: who they are, codes to prove it, login and trade passwords.
import {
  changePassword,
  sendSecurityCode,
  setTradePassword,
  userInfo,
} from '../../schemas/api/security.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext, Router } from '../http/router.ts';
import { notify } from '../security/notices.ts';
import { startWithdrawHold } from '../security/withdraw-hold.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import { liftAccountLimit, loginGuardPolicy, tradeGuardPolicy } from './login-guard.ts';
import { checkLoginPassword, checkTradePassword } from './password-checks.ts';
import { hashPassword } from './passwords.ts';
import { announceRevoked, revokeUserSessions } from './sessions.ts';
import { getUser, securityDestination, toUserInfo, type UserRow } from './users.ts';

interface Proof {
  old_password?: string | undefined;
  code?: string | undefined;
}

export function securityRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const codeDeps = { db, clock, brandName: config.brandName };

  /**
   * A change is allowed with a code sent to the user, or with the current secret. Wrong secrets
   * count against the guard of that secret, as at login or withdrawal, so this is no side door for
   * guessing it. Answers the id of the code to use up, if a code was the proof.
   */
  async function proveOwnership(
    user: UserRow,
    proof: Proof,
    secret: 'login' | 'trade',
    context: RouteContext,
  ): Promise<number | undefined> {
    if (proof.code !== undefined) {
      const destination = securityDestination(user);
      return checkCode(codeDeps, { destination, purpose: 'security', code: proof.code });
    }
    const entered = proof.old_password;
    if (entered === undefined) throw new BusinessError('proof_required');
    if (!(await isCurrentSecret(user, secret, entered, context))) {
      throw new BusinessError('old_password_wrong');
    }
    return undefined;
  }

  function isCurrentSecret(
    user: UserRow,
    secret: 'login' | 'trade',
    entered: string,
    context: RouteContext,
  ): Promise<boolean> {
    if (secret === 'login') return checkLoginPassword(deps, context, user.account, user, entered);
    const hash = user.trade_password_hash;
    // No trade password yet: only a code can prove the first one.
    if (hash === null) throw new BusinessError('proof_required');
    return checkTradePassword(deps, context, { ...user, trade_password_hash: hash }, entered);
  }

  router.add(userInfo, async (_input, context) =>
    toUserInfo(await getUser(db, context.session.userId)),
  );

  router.add(sendSecurityCode, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const destination = input.type === 'email' ? user.email : user.phone;
    if (destination === null) throw new BusinessError('destination_not_bound');
    return issueCode(codeDeps, input.type === 'email' ? deps.email : deps.sms, {
      destination,
      purpose: input.purpose,
      ip: context.ip,
      language: context.request.language,
      antiPhishingCode: user.anti_phishing_code,
    });
  });

  router.add(changePassword, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const codeId = await proveOwnership(user, input, 'login', context);
    const passwordHash = await hashPassword(input.password);
    const ended = await db.transaction().execute(async (trx) => {
      if (codeId !== undefined) await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      // Whoever changed it may be an intruder with a session: the owner has time to act.
      await startWithdrawHold(trx, clock, config.security.securityHoldMs, user.id, 'password');
      return revokeUserSessions(trx, clock, user.id, context.session.tokenHash);
    });
    announceRevoked(ended);
    await liftAccountLimit(db, loginGuardPolicy, user.account);
    await notify(deps, user.id, { kind: 'password_changed' });
    return null;
  });

  router.add(setTradePassword, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const codeId = await proveOwnership(user, input, 'trade', context);
    const tradePasswordHash = await hashPassword(input.password);
    // Setting the first one changes nothing that protected the account; changing one does.
    const change = user.trade_password_hash !== null;
    await db.transaction().execute(async (trx) => {
      if (codeId !== undefined) await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ trade_password_hash: tradePasswordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      if (change) {
        const holdMs = config.security.securityHoldMs;
        await startWithdrawHold(trx, clock, holdMs, user.id, 'trade_password');
      }
    });
    await liftAccountLimit(db, tradeGuardPolicy, String(user.id));
    if (change) await notify(deps, user.id, { kind: 'trade_password_changed' });
    return null;
  });
}
