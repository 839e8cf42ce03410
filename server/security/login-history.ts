// The login history: every sign-in and failed try of the last 90 days, each with its device, as the
// security center lists them. Rows older than that are pruned as the user's next one is written.
import type { z } from 'zod';
import type { loginEventSchema } from '../../schemas/api/account-security.schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { LoginMethod, LoginOutcome } from '../db/security-tables.ts';
import type { AppDeps } from '../deps.ts';
import type { RouteContext } from '../http/router.ts';
import { summariseDevice } from './device-summary.ts';

/** How far back the history goes, and how far back a device counts as known. */
export const loginHistoryMs = 90 * 86_400_000;

/** What is kept of a user agent: enough to summarise it again, never unbounded. */
const userAgentMax = 300;

function since(clock: Clock): Date {
  return new Date(clock.now().getTime() - loginHistoryMs);
}

/** Whether the user signed in from this summarised device within the history's span. */
export async function knownDevice(
  db: Db,
  clock: Clock,
  userId: number,
  device: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_events')
    .select('id')
    .where('user_id', '=', userId)
    .where('outcome', '=', 'ok')
    .where('device', '=', device)
    .where('at', '>', since(clock))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface LoginEvent {
  userId: number;
  client: { ip: string; userAgent: string };
  device: string;
  method: LoginMethod;
  outcome: LoginOutcome;
  newDevice: boolean;
}

/**
 * Writes one event, and drops the user's events past the span: by the (user_id, at) index, a few
 * rows at most, so the table stays bounded without a job of its own.
 */
export async function recordLoginEvent(db: Db, clock: Clock, event: LoginEvent): Promise<void> {
  const now = clock.now();
  await db
    .insertInto('login_events')
    .values({
      user_id: event.userId,
      at: now,
      ip: event.client.ip,
      user_agent: event.client.userAgent.slice(0, userAgentMax),
      device: event.device,
      method: event.method,
      outcome: event.outcome,
      new_device: event.newDevice,
    })
    .execute();
  await db
    .deleteFrom('login_events')
    .where('user_id', '=', event.userId)
    .where('at', '<=', since(clock))
    .execute();
}

/** A refused login of a known account: a wrong password or second factor, or a lock-out. */
export async function recordFailedLogin(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  context: Pick<RouteContext, 'ip' | 'userAgent'>,
  outcome: Exclude<LoginOutcome, 'ok'>,
  method: LoginMethod = 'password',
): Promise<void> {
  const device = summariseDevice(context.userAgent);
  const newDevice = !(await knownDevice(deps.db, deps.clock, userId, device));
  await recordLoginEvent(deps.db, deps.clock, {
    userId,
    client: context,
    device,
    method,
    outcome,
    newDevice,
  });
}

type LoginEventView = z.input<typeof loginEventSchema>;

/** One page of the user's history within the span, newest first. */
export async function loginHistoryPage(
  db: Db,
  clock: Clock,
  userId: number,
  paging: { page: number; size: number },
): Promise<{ list: LoginEventView[]; total: number; page: number; size: number }> {
  const within = db
    .selectFrom('login_events')
    .where('user_id', '=', userId)
    .where('at', '>', since(clock));
  const [rows, count] = await Promise.all([
    within
      .select(['at', 'ip', 'device', 'method', 'outcome', 'new_device'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
      .execute(),
    within.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => ({
      at: row.at.toISOString(),
      ip: row.ip,
      device: row.device,
      method: row.method,
      outcome: row.outcome,
      new_device: row.new_device,
    })),
    total: Number(count.total),
    page: paging.page,
    size: paging.size,
  };
}
