// Articles and the fixed documents as the UI receives them, and their calls.
import type { DocumentKey } from '../../schemas/api/content.schema.ts';
import type { ListPage, Outcome } from '../kernel/outcome.ts';

export type { DocumentKey };

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

export interface DocumentView {
  title: string;
  html: string;
  time: string;
}

export interface ContentHandlers {
  /** A category's articles (92 notices; null: about us), newest first. */
  articles(category: number | null, page: number): Promise<Outcome<ListPage<ArticleRow>>>;
  article(id: number): Promise<Outcome<ArticleView>>;
  document(key: DocumentKey): Promise<Outcome<DocumentView>>;
}
