// Random secrets and their digests: tokens, codes, identifiers.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** 256 random bits, URL-safe: a bearer token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Eight random digits for a UID: not guessable from the number of users. */
export function newUserId(): number {
  return randomInt(10_000_000, 100_000_000);
}

// No 0/O or 1/I: invite codes are read aloud and typed by hand.
const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += inviteAlphabet[randomInt(0, inviteAlphabet.length)];
  return code;
}

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
