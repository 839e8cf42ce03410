// The notification centre: the last events of a user's own account (a deposit credited, a
// withdrawal's review and its fate on chain, the verification's decision, a product's outcome),
// each read or unread. An event carries its kind and the figures it is about, never text another
// person wrote: the client builds its words from the kind, in the user's language
// (docs/notifications.md). New events and read marks arrive on the private `notifications` channel.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { timestamp } from '../primitives.ts';
import { rowId } from '../row-ids.ts';

/** The most events kept per user: older ones are removed as new ones are recorded. */
export const keptNotifications = 100;

/**
 * A figure an event names: an id, an asset or a symbol, an amount, a quantity or a price. One
 * word of at most 40 letters, digits and `_.-`, a whole number, or null: never free text.
 */
const figure = z.union([z.int(), z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,40}$/)), z.null()]);

/**
 * The figures an event may name, each optional: a closed list, so a figure is one of these and
 * nothing else travels (a record of any names would also bring zod's record into the worker's
 * first file).
 */
const params = z.object({
  id: z.optional(figure),
  asset: z.optional(figure),
  amount: z.optional(figure),
  symbol: z.optional(figure),
  stake: z.optional(figure),
  payout: z.optional(figure),
  earned: z.optional(figure),
  quantity: z.optional(figure),
  price: z.optional(figure),
});

/**
 * What happened, and the figures its words are built from. The wallet's and verification's kinds
 * are `deposit_credited`, `withdrawal_approved`, `withdrawal_sent`, `withdrawal_failed`,
 * `withdrawal_rejected`, `verification_approved` and `verification_rejected`; a product declares
 * its own with the frames they come from (docs/notifications.md), so the list stays open.
 */
export const notificationEventSchema = z.object({
  kind: z.string().check(z.regex(/^[a-z][a-z_]{0,39}$/)),
  params,
});
export type NotificationEvent = z.output<typeof notificationEventSchema>;

export const notificationSchema = z.object({
  id: z.int(),
  kind: notificationEventSchema.shape.kind,
  params: notificationEventSchema.shape.params,
  created_at: timestamp,
  /** When the user marked it read; null while unread. */
  read_at: z.nullable(timestamp),
});
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
