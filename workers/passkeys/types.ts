// The passkeys side of the facade: WebAuthn's options from the server and the browser's answers
// back. The ceremony itself (startRegistration, startAuthentication) runs on the UI thread, where
// the browser's credential API is; the worker only carries the calls.
import type { z } from 'zod/mini';
import type { webauthnResponse } from '../../schemas/api/passkey.schema.ts';
import type { Session } from '../accounts/types.ts';
import type { Outcome } from '../kernel/outcome.ts';

/** The browser's answer to a ceremony, as @simplewebauthn/browser gives it. */
export type WebauthnResponse = z.input<typeof webauthnResponse>;

/** A ceremony the server opened: its id, and WebAuthn's options for the browser, as they came. */
export interface PasskeyChallenge {
  challengeId: string;
  /** PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON; the server checks the answer. */
  options: Record<string, unknown> & { challenge: string };
}

/** A signed challenge, as a sign-in or a withdrawal sends it back. */
export interface PasskeyAssertion {
  challengeId: string;
  response: WebauthnResponse;
}

export interface PasskeyRow {
  id: number;
  name: string;
  /** Formatted for the locale. */
  created: string;
  /** Null: never used to sign in or confirm. */
  lastUsed: string | null;
  /** Synced by a cloud keychain, as the authenticator says of itself. */
  synced: boolean;
}

export interface PasskeyHandlers {
  /** Options to sign in with any passkey the browser holds for this site (a discoverable one). */
  passkeyLoginOptions(): Promise<Outcome<PasskeyChallenge>>;
  /** Signs in with the signed challenge; the session starts as a password login's does. */
  passkeyLogin(assertion: PasskeyAssertion): Promise<Outcome<Session>>;
  /** The user's passkeys, newest first. */
  passkeyList(): Promise<Outcome<readonly PasskeyRow[]>>;
  /** Options to create a passkey for the signed-in user. */
  passkeyRegisterOptions(): Promise<Outcome<PasskeyChallenge>>;
  passkeyRegister(form: {
    challengeId: string;
    response: WebauthnResponse;
    name: string;
  }): Promise<Outcome<PasskeyRow>>;
  /** With the code sent to the user's email (`sendSecurityCode`). */
  passkeyRemove(id: number, emailCode: string): Promise<Outcome<null>>;
}
