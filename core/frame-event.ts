// A socket frame made into the event of its channel, checked where it enters the worker: the
// busiest channels by the hand-written guards (frame-guards.ts), the others by their channel's
// schema, which the worker knows once the domain reading that channel is loaded. Kept apart from
// the events' union (events.ts), so reading frames does not load every product's schemas.
import type { ChannelKind, channelData } from '../schemas/channel-data.ts';
import { parseChannel } from '../schemas/channels.ts';
import type { DataFrame } from '../schemas/socket.schema.ts';
import type { ClientEvent } from './events.ts';
import { frameGuards, isInt, isNumber } from './frame-guards.ts';

/** The schemas of the channels a reader checks by schema, by channel kind. */
export type FrameSchemas = { readonly [K in ChannelKind]?: (typeof channelData)[K] };

/**
 * A socket frame as the event of its channel (a socket event is named after its channel's kind),
 * its data checked by its channel's guard or schema; null for a frame of no known channel, of a
 * channel `schemas` has no schema for, or with data that breaks its schema.
 */
export function frameEvent(frame: DataFrame, schemas: FrameSchemas): ClientEvent | null {
  const address = parseChannel(frame.channel);
  if (!address || !isInt(frame.seq) || !isNumber(frame.ts)) return null;
  const data = checkData(address.kind, frame.data, schemas);
  if (data === null) return null;
  const { kind, ...where } = address;
  return {
    source: 'socket',
    type: kind,
    payload: { ...where, seq: frame.seq, ts: frame.ts, data },
  } as ClientEvent;
}

function checkData(kind: ChannelKind, data: unknown, schemas: FrameSchemas): unknown {
  const guard = frameGuards[kind];
  if (guard) return guard(data);
  const parsed = schemas[kind]?.safeParse(data);
  return parsed?.success ? parsed.data : null;
}
