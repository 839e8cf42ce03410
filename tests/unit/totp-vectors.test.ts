// RFC 6238's test vectors (Appendix B): the library the server's codes come from, with every seed
// and time of the table, and the server's own six-digit codes and steps, which are the last six
// digits of the SHA-1 values (a code is the truncated HMAC modulo 10^digits).
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchTotpStep, totpCodeAt, totpStep, totpUri } from '../../server/security/totp.ts';

const seeds = {
  SHA1: '12345678901234567890',
  SHA256: '12345678901234567890123456789012',
  SHA512: '1234567890123456789012345678901234567890123456789012345678901234',
} as const;

/** Time in seconds, T as the RFC prints it, and the 8-digit TOTP of each algorithm. */
const vectors = [
  { time: 59, step: 0x1, SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' },
  {
    time: 1111111109,
    step: 0x23523ec,
    SHA1: '07081804',
    SHA256: '68084774',
    SHA512: '25091201',
  },
  {
    time: 1111111111,
    step: 0x23523ed,
    SHA1: '14050471',
    SHA256: '67062674',
    SHA512: '99943326',
  },
  {
    time: 1234567890,
    step: 0x273ef07,
    SHA1: '89005924',
    SHA256: '91819424',
    SHA512: '93441116',
  },
  {
    time: 2000000000,
    step: 0x3f940aa,
    SHA1: '69279037',
    SHA256: '90698825',
    SHA512: '38618901',
  },
  {
    time: 20000000000,
    step: 0x27bc86aa,
    SHA1: '65353130',
    SHA256: '77737706',
    SHA512: '47863826',
  },
] as const;

const algorithms = ['SHA1', 'SHA256', 'SHA512'] as const;

describe('RFC 6238 Appendix B', () => {
  for (const vector of vectors) {
    for (const algorithm of algorithms) {
      it(`${algorithm} at ${vector.time} s is ${vector[algorithm]}`, () => {
        const code = TOTP.generate({
          secret: Secret.fromLatin1(seeds[algorithm]),
          algorithm,
          digits: 8,
          period: 30,
          timestamp: vector.time * 1000,
        });
        expect(code).toBe(vector[algorithm]);
      });
    }
  }
});

describe("the server's codes (SHA-1, six digits, 30 s)", () => {
  const secret = Secret.fromLatin1(seeds.SHA1).base32;

  for (const vector of vectors) {
    const at = new Date(vector.time * 1000);
    const code = vector.SHA1.slice(2);

    it(`at ${vector.time} s: step ${vector.step}, code ${code}`, () => {
      expect(totpStep(at)).toBe(vector.step);
      expect(totpCodeAt(secret, at)).toBe(code);
      expect(matchTotpStep(secret, code, at)).toBe(vector.step);
    });
  }

  it('takes a code one step either side of now, and names the step it was for', () => {
    const at = new Date(1111111111 * 1000);
    const step = totpStep(at);
    const before = totpCodeAt(secret, new Date(at.getTime() - 30_000));
    const after = totpCodeAt(secret, new Date(at.getTime() + 30_000));
    expect(matchTotpStep(secret, before, at)).toBe(step - 1);
    expect(matchTotpStep(secret, after, at)).toBe(step + 1);
  });

  it('refuses a code two steps away, a wrong code and a code of the wrong length', () => {
    const at = new Date(1234567890 * 1000);
    const twoBefore = totpCodeAt(secret, new Date(at.getTime() - 60_000));
    const twoAfter = totpCodeAt(secret, new Date(at.getTime() + 60_000));
    const now = totpCodeAt(secret, at);
    expect(matchTotpStep(secret, twoBefore, at)).toBeNull();
    expect(matchTotpStep(secret, twoAfter, at)).toBeNull();
    expect(matchTotpStep(secret, String((Number(now) + 1) % 1e6).padStart(6, '0'), at)).toBeNull();
    expect(matchTotpStep(secret, vectors[3].SHA1, at)).toBeNull();
  });

  it('writes the otpauth:// URI an app scans, with the brand as issuer and the account as label', () => {
    const uri = new URL(totpUri(secret, 'Meridian', 'ann@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Meridian:ann@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      issuer: 'Meridian',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
