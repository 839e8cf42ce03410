// The user's support conversation as the client knows it: seeded by the first page of
// `/support/messages`, grown by the user's own sends and by frames of the private `support`
// channel (an operator's answer, or a message written on another device).
import {
  type SupportMessage,
  supportFrameSchema,
  supportMessageSchema,
} from '../../schemas/api/support.schema.ts';
import type { LoggedEvent } from '../event-log.ts';

export interface SupportView {
  /** Oldest first, by id. */
  messages: readonly SupportMessage[];
}

export const initialSupport: SupportView = { messages: [] };

/** Messages kept in the view: a conversation's recent part; older pages are read on request. */
export const keptMessages = 200;

function merge(state: SupportView, incoming: readonly SupportMessage[]): SupportView {
  const known = new Set(state.messages.map((message) => message.id));
  const fresh = incoming.filter((message) => !known.has(message.id));
  if (fresh.length === 0) return state;
  const messages = [...state.messages, ...fresh].sort((a, b) => a.id - b.id);
  return { messages: messages.slice(-keptMessages) };
}

export function foldSupport(state: SupportView, event: LoggedEvent): SupportView {
  if (event.type === 'logout' || event.type === 'session-expired') return initialSupport;
  if (event.source === 'api' && event.type === 'support-messages') {
    const list = supportFrameSchema.safeParse((event.payload as { list?: unknown } | null)?.list);
    return list.success ? merge(state, list.data) : state;
  }
  if (event.source === 'api' && event.type === 'support-sent') {
    const sent = supportMessageSchema.safeParse(event.payload);
    return sent.success ? merge(state, [sent.data]) : state;
  }
  if (event.source !== 'socket' || event.type !== 'frame') return state;
  const frame = event.payload as { channel?: unknown; data?: unknown } | null;
  if (frame?.channel !== 'support') return state;
  const messages = supportFrameSchema.safeParse(frame.data);
  return messages.success ? merge(state, messages.data) : state;
}
