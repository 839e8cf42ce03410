// The browser's side of a passkey: WebAuthn's ceremonies run here, on the UI thread, where
// `navigator.credentials` is (a worker has none); the worker only carries the server's options in
// and the browser's answer out. @simplewebauthn/browser loads with the first ceremony, so no page
// pays for it until a passkey is used.
import type { PasskeyChallenge, WebauthnResponse } from '../../workers/facade.ts';

/** Why a ceremony gave no answer, as the page says it. */
export type CeremonyFailure = 'cancelled' | 'exists' | 'unsupported' | 'failed';

export type Ceremony =
  | { ok: true; response: WebauthnResponse }
  | { ok: false; reason: CeremonyFailure };

/**
 * Whether the browser can use passkeys at all: WebAuthn is there (a secure context). Read without
 * loading the library, so the sign-in button costs nothing to decide.
 */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

const library = () => import('@simplewebauthn/browser');

/**
 * What went wrong, from the DOMException the browser raised (or the library's WebAuthnError,
 * which keeps the browser's name): the user closed the prompt or let it time out, the
 * authenticator already holds a passkey for this account, or anything else.
 */
export function ceremonyFailure(error: unknown): CeremonyFailure {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'exists';
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return 'cancelled';
  }
  if (name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

async function run(ceremony: () => Promise<unknown>): Promise<Ceremony> {
  if (!passkeysSupported()) return { ok: false, reason: 'unsupported' };
  try {
    return { ok: true, response: (await ceremony()) as WebauthnResponse };
  } catch (error) {
    return { ok: false, reason: ceremonyFailure(error) };
  }
}

/** Creates a passkey with the server's creation options. */
export function createPasskey(challenge: PasskeyChallenge): Promise<Ceremony> {
  return run(async () => {
    const { startRegistration } = await library();
    return startRegistration({ optionsJSON: challenge.options as never });
  });
}

/** Signs the server's challenge with a passkey the browser holds for this site. */
export function signWithPasskey(challenge: PasskeyChallenge): Promise<Ceremony> {
  return run(async () => {
    const { startAuthentication } = await library();
    return startAuthentication({ optionsJSON: challenge.options as never });
  });
}

/** The locale key of a failed ceremony's message (the passkeys table, pages strings). */
export function ceremonyMessageKey(reason: CeremonyFailure): string {
  return `passkeys.ceremony.${reason}`;
}
