// Events of the pre-sale subscriptions: pages of the projects (`/subscription/list`), a commitment
// sent and the record it answers (`/subscription/buy`), pages of the user's records
// (`/subscription/records`), a project's published allocation (`/subscription/allocation`), and the
// private `subscription-updates` frames of the records whose tokens were distributed.
import { z } from 'zod/mini';
import {
  subscriptionAllocation,
  subscriptionProjectSchema,
  subscriptionRecordSchema,
} from '../../schemas/api/subscription.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { pagedSchema } from '../../schemas/primitives.ts';
import { event, privateFrame } from '../event.ts';

const pageQuery = { page: z.int(), size: z.int() };

export const subscriptionEvents = [
  event('intent', 'subscription-projects-requested', z.object(pageQuery)),
  event(
    'api',
    'subscription-projects',
    z.object({ ...pageQuery, answer: pagedSchema(subscriptionProjectSchema) }),
  ),
  event(
    'intent',
    'subscription-commit',
    z.object({ project_id: z.int(), amount: z.string(), key: z.string() }),
  ),
  event('api', 'subscription-committed', subscriptionRecordSchema),
  event('intent', 'subscription-records-requested', z.object(pageQuery)),
  event(
    'api',
    'subscription-records',
    z.object({ ...pageQuery, answer: pagedSchema(subscriptionRecordSchema) }),
  ),
  event('intent', 'subscription-allocation-requested', z.object({ project_id: z.int() })),
  event('api', 'subscription-allocation', subscriptionAllocation.response),
  event('socket', 'subscription-updates', privateFrame(channelData['subscription-updates'])),
] as const;
