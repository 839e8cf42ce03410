// Codes for sign-up and recovery, and registration itself.
import { register, sendEmailCode, sendSmsCode } from '../../schemas/api/account.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext, Router } from '../http/router.ts';
import { checkCode, consumeCode, issueCode } from './codes.ts';
import { logIn } from './log-in.ts';
import { hashPassword } from './passwords.ts';
import { createUser, findUserByAccount, findUserByInviteCode } from './users.ts';

export function registerRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const codeDeps = { db, clock, brandName: config.brandName };

  /** Registration needs a free account; recovery needs an existing one. */
  async function sendFor(
    destination: string,
    scene: 'register' | 'forget',
    context: RouteContext,
    transport: AppDeps['email'],
  ) {
    const existing = await findUserByAccount(db, destination);
    if (scene === 'register' && existing) throw new BusinessError('account_exists');
    if (scene === 'forget' && !existing) throw new BusinessError('account_not_found');
    return issueCode(codeDeps, transport, {
      destination,
      purpose: scene,
      ip: context.ip,
      language: context.request.language,
    });
  }

  router.add(sendEmailCode, (input, context) =>
    sendFor(input.email, input.scene, context, deps.email),
  );
  router.add(sendSmsCode, (input, context) => sendFor(input.phone, input.scene, context, deps.sms));

  router.add(register, async (input, context) => {
    const destination = input.email ?? input.phone ?? '';
    if (config.inviteRequired && input.invite_code === undefined) {
      throw new BusinessError('invite_code_required');
    }
    const inviter = input.invite_code ? await findUserByInviteCode(db, input.invite_code) : null;
    if (input.invite_code && !inviter) throw new BusinessError('invite_code_invalid');
    if (await findUserByAccount(db, destination)) throw new BusinessError('account_exists');

    const codeId = await checkCode(codeDeps, {
      destination,
      purpose: 'register',
      code: input.code,
    });
    const passwordHash = await hashPassword(input.password);
    const user = await db.transaction().execute(async (trx) => {
      await consumeCode(trx, clock, codeId);
      return createUser(
        trx,
        { email: input.email, phone: input.phone, passwordHash, inviterId: inviter?.id ?? null },
        clock.now(),
      );
    });
    // Recorded as the account's first sign-in, from this device and in this language: the first
    // login from the same device is then no new device.
    return logIn(deps, user, context, 'register');
  });
}
