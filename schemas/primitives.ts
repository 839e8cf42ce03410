// Field schemas shared by many calls. Forms and queries send strings, so a number is read from its
// one canonical decimal spelling (`decimalInteger`), never coerced.
import { z } from 'zod/mini';
import {
  emailAddressPattern,
  emailMaxLength,
  enteredPasswordMaxLength,
  isStrongPassword,
  passwordMaxLength,
  tradePasswordRefusal,
  verificationCodePattern,
} from './field-rules.ts';

/** A required text field: missing or empty is "{field} is required". */
export const requiredText = (max = 255) =>
  z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** An optional text field: an empty form value counts as absent. */
export const optionalText = (max = 255) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((value) => (value === '' ? undefined : value)),
  );

/**
 * zod's `preprocess`, which its small build leaves out: a value mended before the schema reads
 * it. At run time it is the same pipe (a transform into the schema); the type is the one zod
 * gives a preprocess, whose input is optional when the schema's is.
 */
export function preprocess<In, S extends z.ZodMiniType>(mend: (value: In) => unknown, schema: S) {
  return z.pipe(z.transform(mend), schema) as unknown as z.ZodMiniType<
    z.output<S>,
    In,
    z.core.$ZodPreprocessInternals<S, In>
  >;
}

/** An optional field whose empty form value (`field=`) means absent, as a form sends it. */
export const blankAsAbsent = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value: unknown) => (value === '' ? undefined : value), z.optional(schema));

export const email = z
  .pipe(
    z.string().check(z.trim(), z.toLowerCase(), z.minLength(1), z.maxLength(emailMaxLength)),
    z.email({ pattern: emailAddressPattern }),
  )
  .check(z.describe('an email address; compared in lower case'));

/** E.164: a plus sign, a country code and up to 15 digits in all. */
export const phone = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(16), z.regex(/^\+[1-9]\d{6,14}$/));

/** An email address or an E.164 phone number, as typed at login. */
export const account = z.pipe(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  z.transform((value) => (value.includes('@') ? value.toLowerCase() : value)),
);

/** A password as typed at login: only bounded, its strength was judged when it was chosen. */
export const enteredPassword = z
  .string()
  .check(z.minLength(1), z.maxLength(enteredPasswordMaxLength));

/** A new login password: 8 to 64 characters with at least one letter and one digit. */
export const newPassword = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(passwordMaxLength),
    z.refine(isStrongPassword, { error: 'password_weak' }),
    z.describe('8 to 64 characters with at least one letter and one digit'),
  );

/** A trade (fund) password: six digits, as on most retail exchanges, and not an obvious six. */
export const newTradePassword = z.string().check(
  z.minLength(1),
  z.maxLength(passwordMaxLength),
  z.refine((value) => tradePasswordRefusal(value) !== 'weak', {
    error: 'trade_password_weak',
    abort: true,
  }),
  z.refine((value) => tradePasswordRefusal(value) === null, { error: 'trade_password_obvious' }),
  z.describe('six digits, not a run, a repeat or a date (schemas/trade-password.ts)'),
);

/** The "repeat password" field: only bounded here; `requireRepeat` checks it matches. */
export const repeatedPassword = z.string().check(z.minLength(1), z.maxLength(passwordMaxLength));

export const verificationCode = z
  .string()
  .check(z.trim(), z.minLength(1), z.regex(verificationCodePattern));

export const inviteCode = z.pipe(
  z.optional(z.string().check(z.trim(), z.toUpperCase(), z.maxLength(16))),
  z.transform((value) => (value === '' ? undefined : value)),
);

/** Exact decimal on the wire: amounts and prices are strings, never JSON floats. */
export const decimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

export const timestamp = z.iso.datetime({ offset: true });

/** A price or quantity as typed: a positive plain decimal; its step is checked per market. */
export const positiveDecimal = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(40),
  z.regex(/^\d{1,20}(\.\d{1,18})?$/),
  z.refine((value) => /[1-9]/.test(value), { error: 'field_invalid' }),
);

/** Digits only, without a leading zero (`0` itself aside): the one way to write each whole number. */
export const canonicalInteger = /^(?:0|[1-9]\d*)$/;

/**
 * A whole number from `min` to `max`: a JSON integer, or a string in canonical decimal (`16`).
 * Anything `Number()` would also read (`0x10`, ` 16`, `+16`, `1.6e1`, `16.0`, `016`) is refused
 * as invalid, so one value has one spelling and a filter or a cache cannot be fooled by another.
 * `max` is at most 2^53 − 1, where numbers stop being exact.
 */
export const decimalInteger = (min: number, max: number) =>
  preprocess(
    (value: string | number) =>
      typeof value === 'string' && canonicalInteger.test(value) ? Number(value) : value,
    z.int().check(z.gte(min), z.lte(Math.min(max, Number.MAX_SAFE_INTEGER))),
  ).check(z.describe('digits only'));

// `prefault`: the default is an input, read like any other (and documented as such).
export const page = z.prefault(decimalInteger(1, 10_000), 1);
export const pageSize = z.prefault(decimalInteger(1, 100), 20);

/** Which flow a code is sent for; each code is good only for its own flow. */
export const codeScene = z._default(z.enum(['register', 'forget']), 'register');

export function pagedSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.int().check(z.gte(0)),
    page: z.int().check(z.gte(1)),
    size: z.int().check(z.gte(1)),
  });
}

export const noData = z.null();
