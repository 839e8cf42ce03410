// What each field of the security center's forms must hold before it is sent: the request's own
// schema for the field, so the form refuses exactly what the server would, and says so in the
// user's language before sending.
import type { z } from 'zod/mini';
import { antiPhishingCode } from '../../schemas/api/account-security.schema.ts';
import { recoveryCode, totpCode } from '../../schemas/api/two-factor.schema.ts';
import { phone, verificationCode } from '../../schemas/primitives.ts';

export const fieldRules = {
  code: verificationCode,
  email_code: verificationCode,
  totp_code: totpCode,
  recovery_code: recoveryCode,
  phone,
  anti_phishing_code: antiPhishingCode,
} satisfies Record<string, z.ZodMiniType>;

export type RuledField = keyof typeof fieldRules;

export type FieldCheck = 'required' | 'invalid';

/** What is wrong with a value of the field, or null when the server would take it. */
export function checkField(field: RuledField, value: string): FieldCheck | null {
  if (value.trim() === '') return 'required';
  return fieldRules[field].safeParse(value).success ? null : 'invalid';
}

/** What is wrong with each field given, every one at once, in the order given. */
export function checkFields<F extends RuledField>(
  values: Readonly<Record<F, string>>,
  fields: readonly F[],
): Partial<Record<F, FieldCheck>> {
  const found: Partial<Record<F, FieldCheck>> = {};
  for (const field of fields) {
    const problem = checkField(field, values[field]);
    if (problem) found[field] = problem;
  }
  return found;
}
