// Every event of the client's log: one discriminated union of the domains' events, each parsed
// with its schema where it enters (a loaded capture, a row an earlier build kept) and trusted
// inside. The worker loads it only when it has such a row to read: its frames are checked by
// frame-event.ts, its answers by their endpoints' schemas.
import { z } from 'zod/mini';
import { parseChannel } from '../schemas/channels.ts';
import type { DataFrame } from '../schemas/socket.schema.ts';
import { accountsEvents } from './accounts/events.ts';
import { aiEvents } from './ai/events.ts';
import { contentEvents } from './content/events.ts';
import { contractEvents } from './contract/events.ts';
import { identityEvents } from './identity/events.ts';
import { kernelEvents } from './kernel/events.ts';
import { marketEvents } from './market/events.ts';
import { notificationsEvents } from './notifications/events.ts';
import { optionEvents } from './option/events.ts';
import { securityCenterEvents } from './security/center-events.ts';
import { spotEvents } from './spot/events.ts';
import { subscriptionEvents } from './subscription/events.ts';
import { supportEvents } from './support/events.ts';
import { walletEvents } from './wallet/events.ts';

export const clientEventSchema = z.discriminatedUnion('type', [
  ...kernelEvents,
  ...accountsEvents,
  ...securityCenterEvents,
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
  ...notificationsEvents,
]);

export type ClientEvent = z.output<typeof clientEventSchema>;
export type EventType = ClientEvent['type'];
export type EventOf<T extends EventType> = Extract<ClientEvent, { type: T }>;

/**
 * A socket frame as its event, checked by the events' schemas alone: what `frameEvent`
 * (frame-event.ts), with its hand-written guards, must agree with.
 */
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
