// Articles, the fixed documents and customer service's channels as last answered, in the
// reader's language.
import type { z } from 'zod/mini';
import type {
  articleSchema,
  articles,
  customerService,
  DocumentKey,
  documentSchema,
} from '../../schemas/api/content.schema.ts';
import { defineFold } from './fold.ts';

export type ArticlePage = z.output<(typeof articles)['response']>;
export type Article = z.output<typeof articleSchema>;
export type DocumentText = z.output<typeof documentSchema>;
export type CustomerService = z.output<(typeof customerService)['response']>;

export interface ContentView {
  /** The last list page answered, with the category it is of (null: about us). */
  articles: { category: number | null; page: ArticlePage } | null;
  article: Article | null;
  documents: Readonly<Partial<Record<DocumentKey, DocumentText>>>;
  /** How support is reached and when. */
  customerService: CustomerService | null;
}

export const initialContent: ContentView = {
  articles: null,
  article: null,
  documents: {},
  customerService: null,
};

export const contentFold = defineFold(initialContent, {
  articles: (state, { payload }) => ({
    ...state,
    articles: { category: payload.category, page: payload.answer },
  }),
  article: (state, { payload }) => ({ ...state, article: payload }),
  document: (state, { payload }) => ({
    ...state,
    documents: { ...state.documents, [payload.key]: payload.document },
  }),
  'customer-service': (state, { payload }) => ({ ...state, customerService: payload }),
});
