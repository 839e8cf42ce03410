// The password page's rules: which proofs a change may use, and the first problem of a form.
import { describe, expect, it } from 'vitest';
import { checkSecretForm, emptySecretForm, proofsFor } from '../../core/secret-form.ts';

describe('password page rules', () => {
  it('sets a trade password only with a code, and changes either secret with either proof', () => {
    expect(proofsFor('trade', false)).toEqual(['code']);
    expect(proofsFor('trade', true)).toEqual(['old', 'code']);
    expect(proofsFor('login', false)).toEqual(['old', 'code']);
  });

  it('asks for the fields in the order they are shown', () => {
    expect(checkSecretForm('login', 'old', emptySecretForm)).toEqual({
      field: 'old',
      rule: 'required',
    });
    const withCode = { ...emptySecretForm, code: '12345' };
    expect(checkSecretForm('trade', 'code', withCode)).toEqual({
      field: 'password',
      rule: 'required',
    });
  });

  it('applies the rule of each secret and the repeat', () => {
    const form = { old: 'Secret123', code: '123456', password: '482916', repassword: '482916' };
    expect(checkSecretForm('trade', 'code', form)).toBeNull();
    expect(checkSecretForm('login', 'old', form)).toEqual({ field: 'password', rule: 'weak' });
    const letters = { ...form, password: 'abcdef12', repassword: 'abcdef12' };
    expect(checkSecretForm('trade', 'code', letters)).toEqual({
      field: 'password',
      rule: 'tradeWeak',
    });
    expect(checkSecretForm('login', 'old', { ...letters, repassword: 'abcdef13' })).toEqual({
      field: 'repassword',
      rule: 'mismatch',
    });
    const obvious = { ...form, password: '123456', repassword: '123456' };
    expect(checkSecretForm('trade', 'code', obvious)).toEqual({
      field: 'password',
      rule: 'tradeObvious',
    });
    expect(checkSecretForm('trade', 'code', { ...form, code: '12a456' })).toEqual({
      field: 'code',
      rule: 'invalid',
    });
  });
});
