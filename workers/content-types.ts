// Articles, the fixed documents and customer service as the UI receives them, and their calls.
import type { ListPage, Outcome } from './facade.ts';

export interface ArticleRow {
  id: number;
  title: string;
  /** Plain text: drawn as text. */
  summary: string;
  time: string;
}

export interface ArticleView {
  id: number;
  title: string;
  time: string;
  /** HTML the server rendered from the author's text, which it escaped entirely first. */
  html: string;
}

export type DocumentKey = 'about' | 'msb' | 'sec';

export interface DocumentView {
  title: string;
  html: string;
  time: string;
}

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

export interface ContentHandlers {
  /** A category's articles (92 notices; null: about us), newest first. */
  articles(category: number | null, page: number): Promise<Outcome<ListPage<ArticleRow>>>;
  article(id: number): Promise<Outcome<ArticleView>>;
  document(key: DocumentKey): Promise<Outcome<DocumentView>>;
  customerService(): Promise<Outcome<CustomerServiceView>>;
  /** Loads the newest messages into the `support` view (answers arrive there live). */
  loadSupport(): Promise<Outcome<null>>;
  sendSupport(text: string): Promise<Outcome<null>>;
}
