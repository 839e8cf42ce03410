// Events of customer service: its channels, the conversation's pages, the user's sends (that a
// message was sent, never its words) and the private `support` channel.
import { z } from 'zod/mini';
import { customerService } from '../../schemas/api/content.schema.ts';
import { supportMessageSchema, supportMessages } from '../../schemas/api/support.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { event, privateFrame } from '../event.ts';

export const supportEvents = [
  event('intent', 'customer-service-requested', z.null()),
  event('api', 'customer-service', customerService.response),
  event('intent', 'support-requested', z.null()),
  event('api', 'support-messages', supportMessages.response),
  event('intent', 'support-send', z.null()),
  event('api', 'support-sent', supportMessageSchema),
  event('socket', 'support', privateFrame(channelData.support)),
] as const;
