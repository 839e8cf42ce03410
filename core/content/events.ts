// Events of articles and the fixed documents: what the reader asked for and what was answered.
import { z } from 'zod/mini';
import {
  articleSchema,
  articles,
  documentKeySchema,
  documentSchema,
} from '../../schemas/api/content.schema.ts';
import { event } from '../event.ts';

const category = z.nullable(z.int());

export const contentEvents = [
  event('intent', 'articles-requested', z.object({ category, page: z.int() })),
  event('api', 'articles', z.object({ category, answer: articles.response })),
  event('intent', 'article-requested', z.object({ id: z.int() })),
  event('api', 'article', articleSchema),
  event('intent', 'document-requested', z.object({ key: documentKeySchema })),
  event('api', 'document', z.object({ key: documentKeySchema, document: documentSchema })),
] as const;
