// Events of identity verification: the intents without the name, ID number or images, and the
// state the server answers (masked by the server).
import { z } from 'zod/mini';
import { verificationInfoSchema } from '../../schemas/api/security.schema.ts';
import { channelData } from '../../schemas/channel-data.ts';
import { event, privateFrame } from '../event.ts';

export const identityEvents = [
  event('intent', 'verification-requested', z.null()),
  event('intent', 'verification-upload', z.object({ bytes: z.int() })),
  event('intent', 'verification-submit', z.null()),
  event('api', 'verification', verificationInfoSchema),
  /** The operator's decision, pushed on the private `kyc` channel. */
  event('socket', 'kyc', privateFrame(channelData.kyc)),
] as const;
