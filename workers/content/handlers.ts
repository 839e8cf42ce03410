// The content domain in the worker: article lists, an article and the fixed documents, each
// request and answer logged, times formatted for the locale.
import {
  aboutDocument,
  articleDetail,
  articles,
  msbDocument,
  securityDocument,
} from '../../schemas/api/content.schema.ts';
import { type DomainContext, defineDomain } from '../kernel/context.ts';
import { mapOutcome, pageOf } from '../kernel/outcome.ts';
import { formatTimestamp } from '../kernel/time-format.ts';
import type { ContentHandlers } from './types.ts';

/** The pages say a refusal (no such article or category) in place of the content: no toast too. */
const saidByThePage = { toastRefusal: false } as const;

/** Articles per page of a list. */
export const articlePageSize = 20;

const documentEndpoints = { about: aboutDocument, msb: msbDocument, sec: securityDocument };

export function createContentHandlers(context: DomainContext): ContentHandlers {
  const { call, record } = context;
  const time = (iso: string) => formatTimestamp(iso, context.locale(), 'dated');
  return {
    async articles(category, page) {
      record({ source: 'intent', type: 'articles-requested', payload: { category, page } });
      const outcome = await call(
        articles,
        { page, size: articlePageSize, ...(category === null ? {} : { category_id: category }) },
        {},
        saidByThePage,
      );
      if (outcome.ok) {
        record({ source: 'api', type: 'articles', payload: { category, answer: outcome.data } });
      }
      return mapOutcome(outcome, (data) => ({
        ...pageOf(data, (row) => ({
          id: row.id,
          title: row.title,
          summary: row.summary,
          time: time(row.published_at),
        })),
        page,
      }));
    },
    async article(id) {
      record({ source: 'intent', type: 'article-requested', payload: { id } });
      const outcome = await call(articleDetail, { id }, {}, saidByThePage);
      if (outcome.ok) record({ source: 'api', type: 'article', payload: outcome.data });
      return mapOutcome(outcome, ({ title, content, published_at }) => ({
        id,
        title,
        html: content,
        time: time(published_at),
      }));
    },
    async document(key) {
      record({ source: 'intent', type: 'document-requested', payload: { key } });
      const outcome = await call(documentEndpoints[key], {}, {}, saidByThePage);
      if (outcome.ok)
        record({ source: 'api', type: 'document', payload: { key, document: outcome.data } });
      return mapOutcome(outcome, ({ title, content, updated_at }) => ({
        title,
        html: content,
        time: time(updated_at),
      }));
    },
  };
}

export const contentDomain = defineDomain({ handlers: createContentHandlers });
