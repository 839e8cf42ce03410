// Passkeys: register, list and remove them; sign in with one; the options a withdrawal is
// confirmed from (docs/security.md).
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import {
  passkeyLogin,
  passkeyLoginOptions,
  passkeyRegister,
  passkeyRegisterOptions,
  passkeyRemove,
  passkeys,
  passkeyWithdrawOptions,
} from '../../schemas/api/passkey.schema.ts';
import { consumeCode } from '../accounts/codes.ts';
import { logIn } from '../accounts/log-in.ts';
import { getUser } from '../accounts/users.ts';
import { isUniqueViolation } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { Router } from '../http/router.ts';
import { checkEmailCode } from './email-code.ts';
import { notify } from './notices.ts';
import { verifyPasskeyAssertion } from './passkey-assertion.ts';
import { registrationOptions, verifyRegistration } from './passkey-registration.ts';
import {
  countPasskeys,
  passkeyByCredential,
  passkeyLimit,
  toPasskeyView,
  transportsOf,
  userPasskeys,
} from './passkeys.ts';
import {
  challengeTtlMs,
  liveChallenge,
  spendChallenge,
  storeChallenge,
} from './webauthn-challenges.ts';
import { startWithdrawHold } from './withdraw-hold.ts';

export function passkeyRoutes(router: Router, deps: AppDeps): void {
  const { db, clock, config } = deps;
  const holdMs = config.security.securityHoldMs;
  const full = () => new BusinessError('passkey_limit', { count: passkeyLimit });

  router.add(passkeyRegisterOptions, async (_input, context) => {
    const user = await getUser(db, context.session.userId);
    if ((await countPasskeys(db, user.id)) >= passkeyLimit) throw full();
    const options = await registrationOptions(deps, user);
    const challengeId = await storeChallenge(db, clock, 'register', user.id, options.challenge);
    return { challenge_id: challengeId, options: { ...options } };
  });

  router.add(passkeyRegister, async (input, context) => {
    const userId = context.session.userId;
    const challenge = await liveChallenge(db, clock, input.challenge_id, 'register', userId);
    const made = await verifyRegistration(deps, challenge, input.response);
    if (await passkeyByCredential(db, made.credentialId)) throw new BusinessError('passkey_exists');
    let row: Awaited<ReturnType<typeof userPasskeys>>[number];
    try {
      row = await transact(db, async (trx) => {
        // Registrations of one user take turns here, so two at once cannot pass the limit.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        if ((await countPasskeys(trx, userId)) >= passkeyLimit) throw full();
        await spendChallenge(trx, clock, challenge.id);
        const added = await trx
          .insertInto('passkeys')
          .values({
            user_id: userId,
            credential_id: made.credentialId,
            public_key: made.publicKey,
            counter: made.counter,
            transports: made.transports,
            backed_up: made.backedUp,
            name: input.name,
            created_at: clock.now(),
            last_used_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await startWithdrawHold(trx, clock, holdMs, userId, 'passkey');
        return added;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'passkeys_credential_id_key')) {
        throw new BusinessError('passkey_exists');
      }
      throw error;
    }
    await notify(deps, userId, { kind: 'passkey_added', name: row.name });
    return toPasskeyView(row);
  });

  router.add(passkeys, async (_input, context) =>
    (await userPasskeys(db, context.session.userId)).map(toPasskeyView),
  );

  router.add(passkeyRemove, async (input, context) => {
    const user = await getUser(db, context.session.userId);
    const found = await db
      .selectFrom('passkeys')
      .select(['id', 'name'])
      .where('id', '=', input.id)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    // Checked first, so naming a passkey that is not the user's spends no try of the code.
    if (!found) throw new BusinessError('passkey_not_found');
    const codeId = await checkEmailCode(deps, user, input.email_code);
    await transact(db, async (trx) => {
      await consumeCode(trx, clock, codeId);
      const removed = await trx
        .deleteFrom('passkeys')
        .where('id', '=', found.id)
        .where('user_id', '=', user.id)
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw new BusinessError('passkey_not_found');
      await startWithdrawHold(trx, clock, holdMs, user.id, 'passkey');
    });
    await notify(deps, user.id, { kind: 'passkey_removed', name: found.name });
    return null;
  });

  router.add(passkeyLoginOptions, async () => {
    // No allowCredentials: the passkey is discoverable and names the account itself.
    const options = await generateAuthenticationOptions({
      rpID: config.security.rpId,
      userVerification: 'preferred',
      timeout: challengeTtlMs,
    });
    const challengeId = await storeChallenge(db, clock, 'login', null, options.challenge);
    return { challenge_id: challengeId, options: { ...options } };
  });

  router.add(passkeyLogin, async (input, context) => {
    const proof = await verifyPasskeyAssertion(deps, 'login', input);
    await transact(db, (trx) => proof.use(trx));
    const user = await getUser(db, proof.userId);
    return logIn(deps, user, context, 'passkey');
  });

  router.add(passkeyWithdrawOptions, async (_input, context) => {
    const userId = context.session.userId;
    const own = await userPasskeys(db, userId);
    if (own.length === 0) throw new BusinessError('passkey_not_found');
    const options = await generateAuthenticationOptions({
      rpID: config.security.rpId,
      allowCredentials: own.map((row) => ({
        id: row.credential_id,
        transports: transportsOf(row),
      })),
      userVerification: 'preferred',
      timeout: challengeTtlMs,
    });
    const challengeId = await storeChallenge(db, clock, 'withdraw', userId, options.challenge);
    return { challenge_id: challengeId, options: { ...options } };
  });
}
