// Binding and unbinding the authenticator app (docs/security.md).
import { totpBind, totpSetup, totpUnbind } from '../../schemas/api/two-factor.schema.ts';
import { consumeCode } from '../accounts/codes.ts';
import { getUser } from '../accounts/users.ts';
import { transact } from '../db/transact.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import { notify } from './notices.ts';
import { issueRecoveryCodes } from './recovery-codes.ts';
import { proveSecondFactor } from './second-factor.ts';
import { matchTotpStep, totpUri } from './totp.ts';
import {
  confirmTotpFactor,
  deleteTotpFactor,
  findTotpFactor,
  startTotpSetup,
  totpSetupMs,
} from './totp-factors.ts';
import { guardedSecondFactor } from './totp-guard.ts';
import { startWithdrawHold } from './withdraw-hold.ts';

export function totpRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const holdMs = config.security.securityHoldMs;

  router.add(totpSetup, async (_input, context) => {
    const user = await getUser(db, context.session.userId);
    const secret = await startTotpSetup(db, clock, user.id);
    return {
      secret,
      uri: totpUri(secret, config.brandName, user.account),
      expires_in: totpSetupMs / 1000,
    };
  });

  router.add(totpBind, async (input, context) => {
    const userId = context.session.userId;
    const factor = await findTotpFactor(db, userId);
    if (factor?.confirmed) throw new BusinessError('totp_already_bound');
    if (!factor || clock.now().getTime() >= factor.createdAt.getTime() + totpSetupMs) {
      throw new BusinessError('totp_setup_expired');
    }
    const found: { step?: number } = {};
    await guardedSecondFactor(deps, context, userId, async () => {
      const step = matchTotpStep(factor.secret, input.totp_code, clock.now());
      if (step !== null) found.step = step;
      return step !== null;
    });
    const step = found.step;
    if (step === undefined) throw new BusinessError('totp_invalid');
    const codes = await transact(db, async (trx) => {
      await confirmTotpFactor(trx, clock, userId, factor.secret, step);
      await startWithdrawHold(trx, clock, holdMs, userId, 'two_factor');
      return issueRecoveryCodes(trx, clock, userId);
    });
    await notify(deps, userId, { kind: 'totp_bound' });
    return { recovery_codes: codes };
  });

  router.add(totpUnbind, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const proof = await proveSecondFactor(deps, context, user.id, input, { allowRecovery: true });
    if (!proof) throw new BusinessError('totp_not_bound');
    const codeId = await checkEmailCode(deps, user, input.email_code);
    await transact(db, async (trx) => {
      await consumeCode(trx, clock, codeId);
      await proof.use(trx);
      await deleteTotpFactor(trx, user.id);
      await startWithdrawHold(trx, clock, holdMs, user.id, 'two_factor');
    });
    await notify(deps, user.id, { kind: 'totp_unbound' });
    return null;
  });
}
