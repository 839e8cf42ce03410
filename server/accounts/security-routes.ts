// The logged-in user's own settings: who they are, codes to prove it, login and trade passwords.
import {
  changePassword,
  sendSecurityCode,
  setTradePassword,
  userInfo,
} from '../../schemas/api/security.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import { assertNotLocked, recordFailure } from './login-guard.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
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
   * count against the same lock-out as login, so this is no side door for guessing a password.
   * Answers the id of the code to use up, if a code was the proof.
   */
  async function proveOwnership(
    user: UserRow,
    proof: Proof,
    currentHash: string | null,
    ip: string,
  ): Promise<number | undefined> {
    if (proof.code !== undefined) {
      const destination = securityDestination(user);
      return checkCode(codeDeps, { destination, purpose: 'security', code: proof.code });
    }
    if (proof.old_password === undefined || currentHash === null) {
      throw new BusinessError('proof_required');
    }
    await assertNotLocked(db, clock, user.account, ip);
    if (!(await verifyPassword(currentHash, proof.old_password))) {
      await recordFailure(db, clock, user.account, ip);
      throw new BusinessError('old_password_wrong');
    }
    return undefined;
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
      purpose: 'security',
      ip: context.ip,
      language: context.request.language,
    });
  });

  router.add(changePassword, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const codeId = await proveOwnership(user, input, user.password_hash, context.ip);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      if (codeId !== undefined) await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
      await revokeUserSessions(trx, clock, user.id, context.session.tokenHash);
    });
    return null;
  });

  router.add(setTradePassword, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const codeId = await proveOwnership(user, input, user.trade_password_hash, context.ip);
    const tradePasswordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      if (codeId !== undefined) await consumeCode(trx, clock, codeId);
      await trx
        .updateTable('users')
        .set({ trade_password_hash: tradePasswordHash, updated_at: clock.now() })
        .where('id', '=', user.id)
        .execute();
    });
    return null;
  });
}
