// The field rules a form checks before sending (schemas/field-rules.ts) say yes exactly where the
// server's schemas do: the forms never send what the server would refuse, nor refuse what it takes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isEmailAddress,
  isEnteredPassword,
  isStrongPassword,
  isVerificationCode,
  tradePasswordRefusal,
} from '../../schemas/field-rules.ts';
import {
  email,
  enteredPassword,
  newPassword,
  newTradePassword,
  verificationCode,
} from '../../schemas/primitives.ts';

const runs = { numRuns: 2_000 };
/** Strings that look like what people type into these fields, and many that do not. */
const typed = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.emailAddress().map((address) => ` ${address.toUpperCase()} `),
  fc.emailAddress(),
  fc.stringMatching(/^\s?\d{5,7}\s?$/),
  fc.stringMatching(/^[a-z0-9]{6,70}$/),
);

describe('the form rules and the server schemas', () => {
  it('agree on email addresses', () => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(isEmailAddress(value)).toBe(email.safeParse(value).success);
      }),
      runs,
    );
  });

  it('agree on verification codes, login passwords and trade passwords', () => {
    fc.assert(
      fc.property(typed, (value) => {
        expect(isVerificationCode(value)).toBe(verificationCode.safeParse(value).success);
        expect(isStrongPassword(value)).toBe(newPassword.safeParse(value).success);
        expect(isEnteredPassword(value)).toBe(enteredPassword.safeParse(value).success);
        expect(tradePasswordRefusal(value) === null).toBe(
          newTradePassword.safeParse(value).success,
        );
      }),
      runs,
    );
  });

  it('take the addresses people have and refuse the broken ones', () => {
    for (const good of ['a@example.com', "o'neil+news@mail.example.co.uk", ' Ann@Example.COM ']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of [
      'a@b',
      '.a@b.com',
      'a.@b.com',
      'a..b@c.com',
      'a@-b.com',
      'a@b-.com',
      'a@b.c',
      'ab.com',
      'a b@c.com',
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
    expect(isEmailAddress(`${'a'.repeat(250)}@b.co`)).toBe(false);
  });

  it('tells a weak trade password from an obvious one', () => {
    expect(tradePasswordRefusal('12a456')).toBe('weak');
    expect(tradePasswordRefusal('123456')).toBe('obvious');
    expect(tradePasswordRefusal('583972')).toBeNull();
  });
});
