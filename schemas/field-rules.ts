// The rules of the fields a person types (an email, a code, a new password), as plain checks of a
// string. The server's schemas (./primitives.ts) are built on these, and the app's forms check
// with them too, before anything is sent: one rule for both sides, without the schema library in
// the page that only needs to say "this is not an email".
import { isObviousTradePassword } from './trade-password.ts';

/**
 * An email address as people have them: dot-separated words of letters, digits and `_'+-` before
 * the `@`, then a domain of labels (letters, digits, inner hyphens) ending in a name of letters.
 */
export const emailAddressPattern =
  /^[A-Za-z0-9_'+-]+(?:\.[A-Za-z0-9_'+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** The longest email address there is (RFC 5321's path limit less its brackets). */
export const emailMaxLength = 254;

/** A typed email address, read as the server keeps it: trimmed and in lower case. */
export function isEmailAddress(typed: string): boolean {
  const value = typed.trim().toLowerCase();
  return value.length <= emailMaxLength && emailAddressPattern.test(value);
}

/** An emailed verification code: six digits. */
export const verificationCodePattern = /^\d{6}$/;

/** A typed verification code (spaces around it are not part of it). */
export function isVerificationCode(typed: string): boolean {
  return verificationCodePattern.test(typed.trim());
}

export const passwordMaxLength = 64;
/** A password typed at login or as the current one: only bounded, it was judged when chosen. */
export const enteredPasswordMaxLength = 128;

/** A new login password: 8 to 64 characters with at least one letter and one digit. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= 8 &&
    value.length <= passwordMaxLength &&
    /\p{L}/u.test(value) &&
    /\d/.test(value)
  );
}

/** A password as typed at login or as the current one. */
export function isEnteredPassword(value: string): boolean {
  return value.length >= 1 && value.length <= enteredPasswordMaxLength;
}

/** Why a new trade password would be refused, or null when it would be taken. */
export function tradePasswordRefusal(value: string): 'weak' | 'obvious' | null {
  if (!/^\d{6}$/.test(value)) return 'weak';
  return isObviousTradePassword(value) ? 'obvious' : null;
}
