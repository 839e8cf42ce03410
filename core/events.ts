// Every event of the client's log: one discriminated union of the domains' events, each parsed
// with its schema where it enters (a socket frame, a loaded capture) and trusted inside.
import { z } from 'zod/mini';
import { parseChannel } from '../schemas/channels.ts';
import type { DataFrame } from '../schemas/socket.schema.ts';
import { accountsEvents } from './accounts/events.ts';
import { aiEvents } from './ai/events.ts';
import { contentEvents } from './content/events.ts';
import { contractEvents } from './contract/events.ts';
import { frameGuards, isInt, isNumber } from './frame-guards.ts';
import { identityEvents } from './identity/events.ts';
import { kernelEvents } from './kernel/events.ts';
import { marketEvents } from './market/events.ts';
import { optionEvents } from './option/events.ts';
import { spotEvents } from './spot/events.ts';
import { subscriptionEvents } from './subscription/events.ts';
import { supportEvents } from './support/events.ts';
import { walletEvents } from './wallet/events.ts';

export const clientEventSchema = z.discriminatedUnion('type', [
  ...kernelEvents,
  ...accountsEvents,
  ...identityEvents,
  ...marketEvents,
  ...spotEvents,
  ...contractEvents,
  ...optionEvents,
  ...subscriptionEvents,
  ...aiEvents,
  ...walletEvents,
  ...contentEvents,
  ...supportEvents,
]);

export type ClientEvent = z.output<typeof clientEventSchema>;
export type EventType = ClientEvent['type'];
export type EventOf<T extends EventType> = Extract<ClientEvent, { type: T }>;

/**
 * A socket frame as the event of its channel (a socket event is named after its channel's kind),
 * its data checked against the channel's schema; null for a frame of no known channel or with
 * data that breaks its schema. The busiest channels are checked by hand (`frame-guards.ts`), to
 * the same effect.
 */
export function frameEvent(frame: DataFrame): ClientEvent | null {
  const address = parseChannel(frame.channel);
  if (!address) return null;
  const guard = frameGuards[address.kind];
  if (!guard) return frameEventBySchema(frame);
  if (!isInt(frame.seq) || !isNumber(frame.ts)) return null;
  const data = guard(frame.data);
  if (data === null) return null;
  const { kind, ...where } = address;
  return {
    source: 'socket',
    type: kind,
    payload: { ...where, seq: frame.seq, ts: frame.ts, data },
  } as ClientEvent;
}

/** `frameEvent` by the schemas alone: what the hand-written checks must agree with. */
export function frameEventBySchema(frame: DataFrame): ClientEvent | null {
  const address = parseChannel(frame.channel);
  if (!address) return null;
  const { kind, ...where } = address;
  const parsed = clientEventSchema.safeParse({
    source: 'socket',
    type: kind,
    payload: { ...where, seq: frame.seq, ts: frame.ts, data: frame.data },
  });
  return parsed.success && parsed.data.source === 'socket' ? parsed.data : null;
}
