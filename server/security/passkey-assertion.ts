// A passkey's signature over a challenge the server issued: what signs a user in and what
// confirms a withdrawal (docs/security.md).
import {
  type AuthenticationResponseJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import type { Transaction } from 'kysely';
import { fieldOf } from '../db/field-of.ts';
import type { ChallengePurpose } from '../db/security-tables.ts';
import type { Database } from '../db/tables.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { countPasskeys, passkeyByCredential, transportsOf, userHandleOf } from './passkeys.ts';
import { liveChallenge, spendChallenge } from './webauthn-challenges.ts';
import { allowedOrigin } from './webauthn-origin.ts';

export interface PasskeyAssertionInput {
  /** As the request schema reads it (a number), or as the options named it (a string). */
  challenge_id: string | number;
  /** WebAuthn's AuthenticationResponseJSON, as the schema let it through. */
  response: Record<string, unknown>;
}

/** A verified assertion; `use` spends its challenge and records the counter, in the step's transaction. */
export interface PasskeyProof {
  userId: number;
  passkeyId: number;
  use(trx: Transaction<Database>): Promise<void>;
}

/** Whether the user has a passkey. */
export async function hasPasskey(deps: Pick<AppDeps, 'db'>, userId: number): Promise<boolean> {
  return (await countPasskeys(deps.db, userId)) > 0;
}

function invalid(): BusinessError {
  return new BusinessError('passkey_invalid');
}

function textAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const found = fieldOf(value, key);
  return typeof found === 'string' ? found : undefined;
}

/**
 * Checks an assertion against its challenge (of this purpose, unexpired, unused, and the user's
 * own when `userId` is given), the origin and relying party settings, and the stored public key.
 * Refuses with `passkey_challenge_expired` or `passkey_invalid`.
 */
export async function verifyPasskeyAssertion(
  deps: AppDeps,
  purpose: Extract<ChallengePurpose, 'login' | 'withdraw'>,
  input: PasskeyAssertionInput,
  userId?: number,
): Promise<PasskeyProof> {
  const { db, clock, config } = deps;
  const challengeId = Number(input.challenge_id);
  if (!Number.isSafeInteger(challengeId) || challengeId < 1) {
    throw new BusinessError('passkey_challenge_expired');
  }
  // A sign-in's challenge belongs to nobody; any other is the user's own.
  const live = await liveChallenge(db, clock, challengeId, purpose, userId ?? null);
  const { response } = input;
  const signed = response.response;
  const clientDataJSON = textAt(signed, 'clientDataJSON');
  const credentialId = textAt(response, 'id');
  if (clientDataJSON === undefined || credentialId === undefined) throw invalid();
  const origin = allowedOrigin(config.security, clientDataJSON);

  const passkey = await passkeyByCredential(db, credentialId);
  if (!passkey || (userId !== undefined && passkey.user_id !== userId)) throw invalid();
  // The authenticator names the account it made the key for; it must be the key's.
  const userHandle = textAt(signed, 'userHandle');
  const ownHandle = Buffer.from(userHandleOf(passkey.user_id)).toString('base64url');
  if (userHandle !== undefined && userHandle !== '' && userHandle !== ownHandle) throw invalid();

  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      // Its shape past what the schema read is the library's to check; a bad one throws.
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: live.challenge,
      expectedOrigin: origin,
      expectedRPID: config.security.rpId,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: Number(passkey.counter),
        transports: transportsOf(passkey),
      },
      // The options asked for verification as preferred: a key without it still proves possession.
      requireUserVerification: false,
    });
    if (!verified.verified) throw invalid();
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    // The library throws on a wrong challenge, origin, relying party, counter or malformed part.
    throw invalid();
  }

  return {
    userId: passkey.user_id,
    passkeyId: passkey.id,
    async use(trx) {
      await spendChallenge(trx, clock, live.id);
      // A counter that went back means a copied key or a racing use of the same: refused here too.
      const recorded = await trx
        .updateTable('passkeys')
        .set({ counter: newCounter, last_used_at: clock.now() })
        .where('id', '=', passkey.id)
        .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
        .returning('id')
        .executeTakeFirst();
      if (!recorded) throw invalid();
    },
  };
}
