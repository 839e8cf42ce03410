// The security center's forms check each field before sending with plain rules, so that its pages
// do without the schema library: each rule takes exactly what the request's schema takes, over
// typical, edge and wrong values, and a blank field is "required" rather than "invalid".
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { antiPhishingCode } from '../../schemas/api/account-security.schema.ts';
import { recoveryCode, totpCode } from '../../schemas/api/second-factor-fields.ts';
import { phone, verificationCode } from '../../schemas/primitives.ts';
import { checkField, checkFields, type RuledField } from '../../src/security/field-rules.ts';

const schemas: Record<RuledField, z.ZodMiniType> = {
  code: verificationCode,
  email_code: verificationCode,
  totp_code: totpCode,
  recovery_code: recoveryCode,
  phone,
  anti_phishing_code: antiPhishingCode,
};

const samples: Record<RuledField, string[]> = {
  code: ['123456', ' 123456 ', '12345', '1234567', '12a456', '１２３４５６'],
  email_code: ['000000', '999999 ', '00000', 'abcdef'],
  totp_code: ['123456', ' 654321', '12345', '1234567', '12 456', '٠١٢٣٤٥'],
  recovery_code: [
    'abcde-12345',
    'ABCDE12345',
    ' abcde-12345 ',
    'abcde-1234',
    'abcd1234',
    'a'.repeat(32),
    'a'.repeat(33),
    'abcde_12345',
    'abcde 12345',
  ],
  phone: [
    '+447700900123',
    ' +8613800138000 ',
    '+1234567',
    '+123456',
    '+0447700900123',
    '447700900123',
    `+1${'2'.repeat(14)}`,
    `+1${'2'.repeat(15)}`,
    '+44 7700 900123',
  ],
  anti_phishing_code: [
    'Gatto42',
    'abcd',
    'abc',
    'a'.repeat(20),
    'a'.repeat(21),
    'Кот2024',
    'חתול123',
    '猫咪猫咪',
    'no spaces',
    'dash-ed',
    ' trimmed ',
  ],
};

describe('the security center’s field rules', () => {
  it.each(Object.keys(samples) as RuledField[])('take what the schema takes: %s', (field) => {
    for (const value of samples[field]) {
      const taken = schemas[field].safeParse(value).success;
      expect(checkField(field, value) === null, `${field}: ${JSON.stringify(value)}`).toBe(taken);
    }
  });

  it('call a blank field required and a wrong one invalid, every one at once', () => {
    expect(
      checkFields({ phone: '  ', code: '12', email_code: '123456' }, [
        'phone',
        'code',
        'email_code',
      ]),
    ).toEqual({ phone: 'required', code: 'invalid' });
  });
});
