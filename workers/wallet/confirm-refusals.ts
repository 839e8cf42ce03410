// Which field of the withdraw form a refusal of its confirmation is about. The catalogue names the
// field of some refusals (`refusalFields`), but a wrong code there is `code`, the sign-up form's
// field, and the authenticator's and the passkey's refusals name none: the form shows each under
// the field the user has to change.
import { type ErrorName, errorCodes } from '../../schemas/errors.ts';
import type { FieldName } from '../../schemas/fields.ts';
import type { ApiFailure } from '../kernel/api-client.ts';
import type { Outcome } from '../kernel/outcome.ts';

const fieldOfError: Partial<Record<ErrorName, FieldName>> = {
  withdraw_code_required: 'email_code',
  code_invalid: 'email_code',
  code_attempts_exceeded: 'email_code',
  withdraw_second_factor_required: 'totp_code',
  totp_invalid: 'totp_code',
  totp_reused: 'totp_code',
  totp_locked: 'totp_code',
  passkey_invalid: 'passkey',
  passkey_challenge_expired: 'passkey',
  passkey_not_found: 'passkey',
};

const fieldOfCode = new Map<number, FieldName>(
  Object.entries(fieldOfError).map(([name, field]) => [errorCodes[name as ErrorName], field]),
);

/** The failure with the confirmation's field named, when it is about one. */
export function withConfirmField(failure: ApiFailure): ApiFailure {
  if (failure.kind !== 'business') return failure;
  const field = fieldOfCode.get(failure.code);
  return field === undefined ? failure : { ...failure, field };
}

export function confirmOutcome<T>(outcome: Outcome<T>): Outcome<T> {
  return outcome.ok ? outcome : { ok: false, failure: withConfirmField(outcome.failure) };
}
