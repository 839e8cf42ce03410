// The login's second step checked before it is sent, with the rules the server reads the codes by
// (schemas/api/second-factor-fields.ts): six digits from the authenticator, or a recovery code as
// it was shown (`xxxxx-xxxxx`, dashes and case free).
export type SecondFactorKind = 'totp' | 'recovery';

export type SecondFactorProblem = 'required' | 'invalid';

const patterns: Record<SecondFactorKind, RegExp> = {
  totp: /^\d{6}$/,
  recovery: /^[A-Za-z0-9-]{10,32}$/,
};

export function secondFactorProblem(
  kind: SecondFactorKind,
  code: string,
): SecondFactorProblem | null {
  const typed = code.trim();
  if (typed === '') return 'required';
  return patterns[kind].test(typed) ? null : 'invalid';
}
