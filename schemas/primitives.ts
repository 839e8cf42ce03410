// Field schemas shared by many calls. Forms send strings, so numbers are coerced where a number is meant.
import { z } from 'zod';

/** A required text field: missing or empty is "{field} is required". */
export const requiredText = (max = 255) => z.string().trim().min(1).max(max);

/** An optional text field: an empty form value counts as absent. */
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === '' ? undefined : value));

/** An optional field whose empty form value (`field=`) means absent, as a form sends it. */
export const blankAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(254)
  .pipe(z.email())
  .describe('an email address; compared in lower case');

/** E.164: a plus sign, a country code and up to 15 digits in all. */
export const phone = z
  .string()
  .trim()
  .min(1)
  .max(16)
  .regex(/^\+[1-9]\d{6,14}$/);

/** An email address or an E.164 phone number, as typed at login. */
export const account = z
  .string()
  .trim()
  .min(1)
  .max(254)
  .transform((value) => (value.includes('@') ? value.toLowerCase() : value));

/** A password as typed at login: only bounded, its strength was judged when it was chosen. */
export const enteredPassword = z.string().min(1).max(128);

/** A new login password: 8 to 64 characters with at least one letter and one digit. */
export const newPassword = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => value.length >= 8 && /\p{L}/u.test(value) && /\d/.test(value), {
    error: 'password_weak',
  })
  .describe('8 to 64 characters with at least one letter and one digit');

/** A trade (fund) password: six digits, as on most retail exchanges. */
export const newTradePassword = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => /^\d{6}$/.test(value), { error: 'trade_password_weak' })
  .describe('six digits');

/** The "repeat password" field: only bounded here; `requireRepeat` checks it matches. */
export const repeatedPassword = z.string().min(1).max(64);

export const verificationCode = z
  .string()
  .trim()
  .min(1)
  .regex(/^\d{6}$/);

export const inviteCode = z
  .string()
  .trim()
  .toUpperCase()
  .max(16)
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Exact decimal on the wire: amounts and prices are strings, never JSON floats. */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const timestamp = z.iso.datetime({ offset: true });

export const page = z.coerce.number().int().min(1).max(10_000).default(1);
export const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const idParam = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Which flow a code is sent for; each code is good only for its own flow. */
export const codeScene = z.enum(['register', 'forget']).default('register');

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    size: z.number().int().min(1),
  });
}

export const emptyRequest = z.object({});
export const noData = z.null();
