// The notification centre: the last events of a user's own account (a deposit credited, a
// withdrawal's review and its fate on chain, the verification's decision), each read or unread. An event carries its kind and the figures it is about, never text another
// person wrote: the client builds its words from the kind, in the user's language
// (docs/notifications.md). New events and read marks arrive on the private `notifications` channel.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { decimalString, timestamp } from '../primitives.ts';
import { rowId } from '../row-ids.ts';

/** The most events kept per user: older ones are removed as new ones are recorded. */
export const keptNotifications = 100;

/** A movement of the user's money: its deposit's or withdrawal's id, its asset and amount. */
const movement = z.object({ id: z.int(), asset: z.string(), amount: decimalString });

const movementKinds = z.enum([
  'deposit_credited',
  'withdrawal_approved',
  'withdrawal_sent',
  'withdrawal_failed',
  'withdrawal_rejected',
]);
const verificationKinds = z.enum(['verification_approved', 'verification_rejected']);

/** Each kind with the figures its words are built from. */
export const notificationEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: movementKinds, params: movement }),
  z.object({ kind: verificationKinds, params: z.object({}) }),
]);
export type NotificationEvent = z.output<typeof notificationEventSchema>;
export type NotificationKind = NotificationEvent['kind'];

/** A recorded event: spelled out per kind rather than intersected, which the worker's zod lacks. */
const recorded = {
  id: z.int(),
  created_at: timestamp,
  /** When the user marked it read; null while unread. */
  read_at: z.nullable(timestamp),
};

export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...recorded, kind: movementKinds, params: movement }),
  z.object({ ...recorded, kind: verificationKinds, params: z.object({}) }),
]);
export type Notification = z.output<typeof notificationSchema>;

/**
 * The private `notifications` channel: events recorded or marked read since the last frame, as
 * they now stand, with how many of the user's events are unread after them.
 */
export const notificationsDataSchema = z.object({
  list: z.array(notificationSchema),
  unread: z.int(),
});

export const notificationsList = defineEndpoint({
  method: 'GET',
  path: '/notifications/list',
  summary: `The caller's notifications, newest first (the last ${keptNotifications} are kept), and how many are unread`,
  auth: true,
  request: z.object({}),
  response: z.object({ list: z.array(notificationSchema), unread: z.int() }),
  errors: [],
});

export const notificationRead = defineEndpoint({
  method: 'POST',
  path: '/notifications/read',
  summary:
    "Marks one of the caller's notifications read (again is fine: it stays read from the first time); answers the unread count",
  auth: true,
  request: z.object({ id: rowId('notifications.id', 'bigint') }),
  response: z.object({ unread: z.int() }),
  errors: ['notification_not_found'],
});

export const notificationsReadAll = defineEndpoint({
  method: 'POST',
  path: '/notifications/read-all',
  summary: "Marks every one of the caller's notifications read; answers the unread count (0)",
  auth: true,
  request: z.object({}),
  response: z.object({ unread: z.int() }),
  errors: [],
});
