// Time-based one-time passwords (RFC 6238) as authenticator apps make them: SHA-1, six digits,
// 30-second steps. The secret is kept in base32, the form the app is given.
import { Secret, TOTP } from 'otpauth';

export const totpParameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/**
 * Steps either side of now a code is taken from: a phone's clock a little off, or a code typed as
 * it turned over, still works; one more step would double what a guess can hit.
 */
export const totpWindow = 1;

/** 160 random bits, the length RFC 4226 recommends for an HMAC-SHA-1 key, in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an app scans: the brand as issuer, the account as label. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
  }).toString();
}

/** The step a time falls in. */
export function totpStep(at: Date): number {
  return TOTP.counter({ period: totpParameters.period, timestamp: at.getTime() });
}

/** The code of a step, as the app shows it (what tests type in). */
export function totpCodeAt(secret: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    ...totpParameters,
    timestamp: at.getTime(),
  });
}

/**
 * The step whose code `code` is, within the window around `at`, or null. The comparison is
 * constant-time (the library's).
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    ...totpParameters,
    timestamp: at.getTime(),
    window: totpWindow,
  });
  return delta === null ? null : totpStep(at) + delta;
}
