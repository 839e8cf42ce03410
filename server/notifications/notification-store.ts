// A user's notifications as stored: recorded with the oldest beyond the kept number removed in the
// same transaction, listed newest first with the unread count, marked read one by one or all at
// once. The user id is part of every query and comes from the session, never from the client, so
// one user's id never reads or marks another's row.
import { sql } from 'kysely';
import {
  keptNotifications,
  type Notification,
  type NotificationEvent,
  notificationEventSchema,
} from '../../schemas/api/notifications.schema.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transact.ts';
import { BusinessError } from '../http/business-error.ts';
import type { NotificationsTable } from './notification-tables.ts';

interface Row {
  id: NotificationsTable['id']['__select__'];
  kind: string;
  params: unknown;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** jsonb arrives parsed from PostgreSQL and may arrive as text from PGlite. */
const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** The row as the wire has it; null for a row of a kind this build does not know. */
export function notificationView(row: Row): Notification | null {
  const event = notificationEventSchema.safeParse({ kind: row.kind, params: json(row.params) });
  if (!event.success) return null;
  return {
    id: Number(row.id),
    created_at: new Date(row.created_at).toISOString(),
    read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
    ...event.data,
  };
}

const columns = ['id', 'kind', 'params', 'created_at', 'read_at'] as const;

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('unread'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/**
 * Records the event for the user, unless it is recorded already, and keeps only the newest
 * `keptNotifications`; answers the new row, or null when the event was known.
 */
export async function recordNotification(
  db: Db,
  userId: number,
  key: string,
  event: NotificationEvent,
  at: Date,
): Promise<Notification | null> {
  return transact(db, async (trx) => {
    const row = await trx
      .insertInto('notifications')
      .values({
        user_id: userId,
        kind: event.kind,
        params: JSON.stringify(event.params),
        event_key: key,
        created_at: at,
        read_at: null,
      })
      .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
      .returning(columns)
      .executeTakeFirst();
    if (!row) return null;
    // The oldest beyond the kept number go with the insert that pushed them out.
    await trx
      .deleteFrom('notifications')
      .where('user_id', '=', userId)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(keptNotifications),
      )
      .execute();
    return notificationView(row);
  });
}

/** The user's notifications, newest first, and how many are unread. */
export async function notificationsOf(db: Db, userId: number) {
  const rows = await db
    .selectFrom('notifications')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(keptNotifications)
    .execute();
  const list = rows.flatMap((row) => notificationView(row) ?? []);
  return { list, unread: list.filter((row) => row.read_at === null).length };
}

/**
 * Marks one of the user's notifications read; answers it as it now stands. Marking it again keeps
 * the first time it was read. Another user's id is refused as if it did not exist.
 */
export async function markRead(db: Db, userId: number, id: number, at: Date) {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql`coalesce(read_at, ${at})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
  if (!row) throw new BusinessError('notification_not_found');
  return notificationView(row);
}

/** Marks every unread notification of the user read; answers those it marked. */
export async function markAllRead(db: Db, userId: number, at: Date) {
  const rows = await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning(columns)
    .execute();
  return rows.flatMap((row) => notificationView(row) ?? []);
}
