// Six-digit single-use codes: valid 10 minutes, throttled per destination and per address,
// stored hashed, and dead after five tries (docs/security.md).
import { sql } from 'kysely';
import type { FieldName } from '../../schemas/fields.ts';
import type { Language } from '../../schemas/languages.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { CodePurpose } from '../db/tables.ts';
import { transact } from '../db/transact.ts';
import { BusinessError } from '../http/business-error.ts';
import { codeMessage } from '../mail/code-message.ts';
import type { Mailer } from '../mail/mailer.ts';
import { hitWindow } from './rate-windows.ts';
import { sameDigest, sha256Hex, sixDigitCode } from './secrets.ts';

export const codePolicy = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  perDestinationPerDay: 10,
  perAddressPerHour: 30,
  maxAttempts: 5,
};

export interface CodeDeps {
  db: Db;
  clock: Clock;
  brandName: string;
}

export interface CodeRequest {
  destination: string;
  purpose: CodePurpose;
  /** The network address asking, for the per-address limit. */
  ip: string;
  language: Language;
  /** The account's anti-phishing code, for the codes a logged-in user asks for their own account. */
  antiPhishingCode?: string | null;
}

function digest(request: { destination: string; purpose: CodePurpose }, code: string): string {
  return sha256Hex(`${request.purpose}:${request.destination}:${code}`);
}

/** Creates a code, replacing any earlier one for the same flow, and hands it to the transport. */
export async function issueCode(deps: CodeDeps, mailer: Mailer, request: CodeRequest) {
  const { db, clock } = deps;
  const code = sixDigitCode();
  await transact(db, async (trx) => {
    // Sends to one destination take turns until commit, so of requests sent at once the first
    // issues a code and the rest see it: the 60 s rule counts from the last code, which a
    // fixed-window counter could not hold at the edge of a window.
    await sql`select pg_advisory_xact_lock(hashtext(${`code:${request.destination}`}))`.execute(
      trx,
    );
    // Read after the wait, so the time since the last code is never negative.
    const now = clock.now();
    const last = await trx
      .selectFrom('verification_codes')
      .select('created_at')
      .where('destination', '=', request.destination)
      .where('purpose', '=', request.purpose)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    const sinceLast = last ? now.getTime() - last.created_at.getTime() : Number.POSITIVE_INFINITY;
    if (sinceLast < codePolicy.resendMs) {
      throw new BusinessError('code_too_frequent', {
        seconds: Math.ceil((codePolicy.resendMs - sinceLast) / 1000),
      });
    }
    // Counted before deciding, each by one statement; a refusal rolls its count back with the rest.
    const perAddress = await hitWindow(trx, clock, `code:ip:${request.ip}`, 3_600_000);
    if (perAddress.hits > codePolicy.perAddressPerHour) throw new BusinessError('rate_limited');
    const perDay = await hitWindow(trx, clock, `code:to:${request.destination}`, 86_400_000);
    if (perDay.hits > codePolicy.perDestinationPerDay) throw new BusinessError('code_daily_limit');

    await trx
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('destination', '=', request.destination)
      .where('purpose', '=', request.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('verification_codes')
      .values({
        destination: request.destination,
        purpose: request.purpose,
        code_hash: digest(request, code),
        created_at: now,
        expires_at: new Date(now.getTime() + codePolicy.ttlMs),
        consumed_at: null,
      })
      .execute();
  });
  const minutes = codePolicy.ttlMs / 60_000;
  await mailer.send(
    codeMessage(
      request.language,
      request.destination,
      { brand: deps.brandName, code, minutes },
      request.antiPhishingCode,
    ),
  );
  return { expires_in: codePolicy.ttlMs / 1000, resend_in: codePolicy.resendMs / 1000 };
}

/**
 * Checks a code without using it up. Every try, right or wrong, is counted before the comparison by
 * one statement that answers the new count, so tries sent at once compare at most five times.
 * Answers the code's id.
 */
export async function checkCode(
  deps: CodeDeps,
  request: {
    destination: string;
    purpose: CodePurpose;
    code: string;
    /** The request's field the code came in, when it is not `code` (a form with two codes). */
    field?: FieldName;
  },
): Promise<number> {
  const { db, clock } = deps;
  const named = request.field === undefined ? {} : { field: request.field };
  const live = await db
    .selectFrom('verification_codes')
    .select('id')
    .where('destination', '=', request.destination)
    .where('purpose', '=', request.purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live) throw new BusinessError('code_invalid', named);
  const tried = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', live.id)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirstOrThrow();
  if (tried.attempts > codePolicy.maxAttempts) {
    throw new BusinessError('code_attempts_exceeded', named);
  }
  if (sameDigest(tried.code_hash, digest(request, request.code))) return live.id;
  throw new BusinessError(
    tried.attempts >= codePolicy.maxAttempts ? 'code_attempts_exceeded' : 'code_invalid',
    named,
  );
}

/**
 * Uses a checked code up, inside the transaction of the change it authorises: of two requests
 * racing with one code, only one commits.
 */
export async function consumeCode(db: Db, clock: Clock, id: number): Promise<void> {
  const used = await db
    .updateTable('verification_codes')
    .set({ consumed_at: clock.now() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!used) throw new BusinessError('code_invalid');
}
