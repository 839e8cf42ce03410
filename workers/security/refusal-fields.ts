// Which field of a security center form a refusal is about. The catalogue names the field of a
// wrong code as `code` (the sign-up form's), and the authenticator's and the phone's refusals
// name none; these calls are made without the worker's toast, so that the form can say each
// refusal under the field the user has to change, and toast only the others itself.
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import type { FieldName } from '../../schemas/fields.ts';
import type { Outcome } from '../kernel/outcome.ts';

const factorFields: Partial<Record<ErrorName, FieldName>> = {
  two_factor_required: 'totp_code',
  totp_invalid: 'totp_code',
  totp_reused: 'totp_code',
  totp_locked: 'totp_code',
  totp_setup_expired: 'totp_code',
  recovery_code_invalid: 'recovery_code',
  phone_taken: 'phone',
  phone_same: 'phone',
};

/** Where the request's only code is the one sent to the account's email. */
const emailCodeFields: Partial<Record<ErrorName, FieldName>> = {
  ...factorFields,
  code_invalid: 'email_code',
  code_attempts_exceeded: 'email_code',
  withdraw_code_required: 'email_code',
};

const byCode = (fields: Partial<Record<ErrorName, FieldName>>) =>
  new Map<number, FieldName>(
    Object.entries(fields).map(([name, field]) => [errorCodes[name as ErrorName], field]),
  );

const withFactor = byCode(factorFields);
const withEmailCode = byCode(emailCodeFields);

/**
 * The outcome with its refusal's field named. `emailCodeOnly`: the request's one code is the
 * email's, so a wrong `code` is that one; otherwise the field the server named is kept where the
 * refusal has none of its own here (the phone's SMS code is `code`).
 */
export function withFormField<T>(outcome: Outcome<T>, emailCodeOnly: boolean): Outcome<T> {
  if (outcome.ok || outcome.failure.kind !== 'business') return outcome;
  const field = (emailCodeOnly ? withEmailCode : withFactor).get(outcome.failure.code);
  return field === undefined ? outcome : { ok: false, failure: { ...outcome.failure, field } };
}
