// What the pages say when a passkey prompt gives no answer, read from what the browser raised, and
// the login's second step checked by the rules the server reads its codes by.
import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { secondFactorProblem } from '../../src/account/second-factor-checks.ts';
import { ceremonyFailure, createPasskey } from '../../src/security/passkey-ceremony.ts';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('a passkey prompt without an answer', () => {
  it('was closed or timed out, found the passkey already there, or failed otherwise', () => {
    expect(ceremonyFailure(domError('NotAllowedError'))).toBe('cancelled');
    expect(ceremonyFailure(domError('AbortError'))).toBe('cancelled');
    expect(ceremonyFailure(domError('InvalidStateError'))).toBe('exists');
    expect(ceremonyFailure(domError('NotSupportedError'))).toBe('unsupported');
    expect(ceremonyFailure(domError('SecurityError'))).toBe('failed');
    expect(ceremonyFailure('not an error')).toBe('failed');
    const registered = new WebAuthnError({
      message: 'already registered',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: domError('InvalidStateError'),
      name: 'InvalidStateError',
    });
    expect(ceremonyFailure(registered)).toBe('exists');
  });

  it('is not started where the browser has no WebAuthn', async () => {
    expect(await createPasskey({ challengeId: '1', options: { challenge: 'x' } })).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });
});

describe("the login's second step", () => {
  it('takes six digits from the authenticator', () => {
    expect(secondFactorProblem('totp', '')).toBe('required');
    expect(secondFactorProblem('totp', '12345')).toBe('invalid');
    expect(secondFactorProblem('totp', ' 123456 ')).toBeNull();
  });

  it('takes a recovery code as it was shown, dashes and case free', () => {
    expect(secondFactorProblem('recovery', ' ')).toBe('required');
    expect(secondFactorProblem('recovery', 'abc')).toBe('invalid');
    expect(secondFactorProblem('recovery', 'ABCDE-12345')).toBeNull();
    expect(secondFactorProblem('recovery', 'abcde 12345')).toBe('invalid');
  });
});
