// The built-in support conversation: a logged-in user's messages and the operators' answers.
// New answers also arrive on the private socket channel `support` as a list of messages.
import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { page, pagedSchema, pageSize, timestamp } from '../primitives.ts';

/** Longest message either side may write, in characters. */
export const supportMessageMax = 1000;

export const supportMessageSchema = z.object({
  id: z.int(),
  /** Who wrote it: the user, or an operator answering. */
  from: z.enum(['user', 'operator']),
  /** Plain text; the client shows it as text, never as markup. */
  text: z.string(),
  created_at: timestamp,
});

export type SupportMessage = z.output<typeof supportMessageSchema>;

/** The data of a `support` channel frame. */
export const supportFrameSchema = z.array(supportMessageSchema);

export const supportMessages = defineEndpoint({
  method: 'GET',
  path: '/support/messages',
  summary: "The caller's support conversation, newest first",
  auth: true,
  request: z.object({ page, size: pageSize }),
  response: pagedSchema(supportMessageSchema),
  errors: [],
});

export const supportSend = defineEndpoint({
  method: 'POST',
  path: '/support/send',
  summary: 'Write a message to customer service (rate-limited per user)',
  auth: true,
  request: z.object({
    message: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'message_empty'),
        z.maxLength(supportMessageMax, 'message_too_long'),
      ),
  }),
  response: supportMessageSchema,
  errors: ['message_empty', 'message_too_long', 'support_too_frequent'],
});
