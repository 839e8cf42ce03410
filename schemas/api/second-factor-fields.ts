// The second factor's fields, which the login and the withdrawal take too: a file of their own so
// that those calls, loaded with the app, do not bring the authenticator's other calls with them.
import { z } from 'zod/mini';
import { blankAsAbsent } from '../primitives.ts';

/** Six digits from the authenticator app. */
export const totpCode = z.string().check(z.trim(), z.regex(/^\d{6}$/));

/** A recovery code as shown (`xxxxx-xxxxx`), read case- and dash-insensitively. */
export const recoveryCode = z.pipe(
  z.string().check(z.trim(), z.maxLength(32), z.regex(/^[A-Za-z0-9-]{10,32}$/)),
  z.transform((value) => value.replaceAll('-', '').toLowerCase()),
);

/** What a sensitive step takes as the second factor when an authenticator is bound. */
export const secondFactorFields = {
  totp_code: blankAsAbsent(totpCode),
  recovery_code: blankAsAbsent(recoveryCode),
};
