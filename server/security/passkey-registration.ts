// Making a passkey: the options the browser creates it from, and the check of what it answers
// before the key is stored (docs/security.md).
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { UserRow } from '../accounts/users.ts';
import { fieldOf } from '../db/field-of.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import { transportsOf, userHandleOf, userPasskeys } from './passkeys.ts';
import { challengeTtlMs, type LiveChallenge } from './webauthn-challenges.ts';
import { allowedOrigin } from './webauthn-origin.ts';

/**
 * Options for a discoverable passkey (sign-in needs no account typed), user verification where
 * the device has it, none of the user's own authenticators twice, and no attestation: which
 * maker's device it is does not matter here, and asking would only prompt the user.
 */
export async function registrationOptions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: UserRow,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await userPasskeys(deps.db, user.id);
  return generateRegistrationOptions({
    rpName: deps.config.brandName,
    rpID: deps.config.security.rpId,
    userName: user.account,
    userDisplayName: user.account,
    userID: userHandleOf(user.id),
    timeout: challengeTtlMs,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({
      id: row.credential_id,
      transports: transportsOf(row),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

export interface NewPasskey {
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string;
  backedUp: boolean;
}

const knownTransports = new Set(['usb', 'nfc', 'ble', 'internal', 'hybrid', 'smart-card', 'cable']);

/** Checks the browser's answer to a registration challenge; refuses `passkey_invalid`. */
export async function verifyRegistration(
  deps: Pick<AppDeps, 'config'>,
  challenge: LiveChallenge,
  response: Record<string, unknown>,
): Promise<NewPasskey> {
  const clientDataJSON = fieldOf(response.response, 'clientDataJSON');
  if (typeof clientDataJSON !== 'string') throw new BusinessError('passkey_invalid');
  const origin = allowedOrigin(deps.config.security, clientDataJSON);
  try {
    const verified = await verifyRegistrationResponse({
      // Its shape past what the schema read is the library's to check; a bad one throws.
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: deps.config.security.rpId,
      requireUserVerification: false,
    });
    if (!verified.verified) throw new BusinessError('passkey_invalid');
    const { credential, credentialBackedUp } = verified.registrationInfo;
    // What the browser says of transports is a hint for later options: only known words are kept.
    const transports = (credential.transports ?? []).filter((t) => knownTransports.has(t));
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: transports.join(','),
      backedUp: credentialBackedUp,
    };
  } catch {
    throw new BusinessError('passkey_invalid');
  }
}
