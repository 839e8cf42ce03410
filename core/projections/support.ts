// The user's support conversation as the client knows it: seeded by the first page of
// `/support/messages`, grown by the user's own sends and by frames of the private `support`
// channel (an operator's answer, or a message written on another device).
import type { SupportMessage } from '../../schemas/api/support.schema.ts';
import { defineFold } from './fold.ts';

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

export const supportFold = defineFold(initialSupport, {
  'support-messages': (state, { payload }) => merge(state, payload.list),
  'support-sent': (state, { payload }) => merge(state, [payload]),
  support: (state, { payload }) => merge(state, payload.data),
  logout: () => initialSupport,
  'session-expired': () => initialSupport,
});
