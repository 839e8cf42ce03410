// A bad request becomes the catalogue error a user can act on, naming the field.
import { describe, expect, it } from 'vitest';
import { register } from '../../schemas/api/account.schema.ts';
import { setTradePassword } from '../../schemas/api/security.schema.ts';
import { BusinessError } from '../../server/http/business-error.ts';
import { parseRequest } from '../../server/http/validation.ts';

function refusal(schema: Parameters<typeof parseRequest>[0], input: unknown) {
  try {
    parseRequest(schema, input);
  } catch (error) {
    if (error instanceof BusinessError) return { name: error.errorName, field: error.params.field };
    throw error;
  }
  return undefined;
}

const valid = {
  email: 'Trader@Example.com ',
  password: 'abc12345',
  repassword: 'abc12345',
  code: '123456',
};

describe('parseRequest', () => {
  it('normalises a valid registration', () => {
    const parsed = parseRequest(register.request, valid);
    expect(parsed.email).toBe('trader@example.com');
    expect(parsed.invite_code).toBeUndefined();
  });

  it.each([
    ['a missing field', { ...valid, code: undefined }, 'field_required', 'code'],
    ['an empty field', { ...valid, code: '' }, 'field_required', 'code'],
    ['a blank field', { ...valid, code: '   ' }, 'field_required', 'code'],
    ['a malformed field', { ...valid, code: '12a456' }, 'field_invalid', 'code'],
    ['a field of the wrong type', { ...valid, code: ['123456'] }, 'field_invalid', 'code'],
    [
      'an overlong field',
      { ...valid, email: `${'a'.repeat(300)}@x.io` },
      'field_too_long',
      'email',
    ],
    ['a bad email', { ...valid, email: 'not-an-email' }, 'field_invalid', 'email'],
    [
      'a weak password',
      { ...valid, password: 'abcdefgh', repassword: 'abcdefgh' },
      'password_weak',
      'password',
    ],
    [
      'different passwords',
      { ...valid, repassword: 'abc123456' },
      'password_mismatch',
      'repassword',
    ],
    ['neither email nor phone', { ...valid, email: undefined }, 'field_required', 'email'],
  ])('refuses %s', (_, input, name, field) => {
    expect(refusal(register.request, input)).toEqual({ name, field });
  });

  it('refuses a body that is not an object', () => {
    expect(refusal(register.request, 'email=x')).toEqual({
      name: 'invalid_request',
      field: undefined,
    });
    expect(refusal(register.request, [1, 2])).toEqual({
      name: 'invalid_request',
      field: undefined,
    });
  });

  it('treats a missing body as an empty one', () => {
    expect(refusal(register.request, undefined)).toMatchObject({ name: 'field_required' });
  });

  it('wants six digits for a trade password', () => {
    const input = { password: '12345a', repassword: '12345a', code: '123456' };
    expect(refusal(setTradePassword.request, input)).toEqual({
      name: 'trade_password_weak',
      field: 'password',
    });
  });
});

describe('NUL characters', () => {
  it('are refused in any field, since no field means one and the database cannot store one', () => {
    expect(refusal(register.request, { ...valid, email: 'a\u0000@b.co' })).toEqual({
      name: 'field_invalid',
      field: 'email',
    });
  });
});
