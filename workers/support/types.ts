// Customer service as the UI receives it: how support is reached, and the conversation, whose
// `support` view is kept live by the private channel.
import type { Outcome } from '../kernel/outcome.ts';

export interface SupportChannelView {
  type: 'chat' | 'email' | 'link';
  label: string;
  url: string;
}

export interface CustomerServiceView {
  channels: readonly SupportChannelView[];
  hours: string;
}

export interface SupportRow {
  id: number;
  from: 'user' | 'operator';
  text: string;
  time: string;
}

/** The conversation, oldest first: what the `support` view sends. */
export interface SupportConversationView {
  rows: readonly SupportRow[];
}

export interface SupportHandlers {
  customerService(): Promise<Outcome<CustomerServiceView>>;
  /** Loads the newest messages into the `support` view (answers arrive there live). */
  loadSupport(): Promise<Outcome<null>>;
  sendSupport(text: string): Promise<Outcome<null>>;
}
