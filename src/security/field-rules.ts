// What each field of the security center's forms must hold before it is sent: the rules of the
// request's own schemas (schemas/api/second-factor-fields.ts, account-security.schema.ts), written as
// plain checks so that the pages do not load the schema library for them; a unit test holds each
// to its schema's verdict (tests/unit/security-field-rules.test.ts).
import { isVerificationCode } from '../../schemas/field-rules.ts';

const rules = {
  code: isVerificationCode,
  email_code: isVerificationCode,
  /** Six digits from the authenticator app. */
  totp_code: (value: string) => /^\d{6}$/.test(value.trim()),
  /** As shown (`xxxxx-xxxxx`), of either case, dashes or not. */
  recovery_code: (value: string) => /^[A-Za-z0-9-]{10,32}$/.test(value.trim()),
  /** E.164: a plus, the country code and the number, at most 15 digits. */
  phone: (value: string) => /^\+[1-9]\d{6,14}$/.test(value.trim()),
  /** Letters and digits of any script, 4 to 20 of them. */
  anti_phishing_code: (value: string) => {
    const code = value.trim();
    return code.length >= 4 && code.length <= 20 && /^[\p{L}\p{N}]+$/u.test(code);
  },
} satisfies Record<string, (value: string) => boolean>;

export type RuledField = keyof typeof rules;

export type FieldCheck = 'required' | 'invalid';

/** What is wrong with a value of the field, or null when the server would take it. */
export function checkField(field: RuledField, value: string): FieldCheck | null {
  if (value.trim() === '') return 'required';
  return rules[field](value) ? null : 'invalid';
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
