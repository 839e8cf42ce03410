// The support conversation's view: the messages, oldest first, times formatted for the locale;
// answers arrive on the private `support` channel while it is watched.
import type { SupportView } from '../../core/projections/support.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import { defineView } from '../kernel/view.ts';
import type { SupportConversationView } from './types.ts';

export function supportConversation(view: SupportView, locale: string): SupportConversationView {
  return {
    rows: view.messages.map((message) => ({
      id: message.id,
      from: message.from,
      text: message.text,
      time: formatTimestamp(message.created_at, locale, 'dated'),
    })),
  };
}

export const supportLiveView = defineView<SupportConversationView>({
  source: (view) => view.support,
  channels: () => ['support'],
  payload: (view, _params, locale) => supportConversation(view.support, locale),
});
