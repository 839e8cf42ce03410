// Articles, notices and the fixed documents (docs/product.md §20: `/article/*`, `/index/gonggao`,
// `/index/services`, `/index/pdf`, `/index/sec`), each in the request's language.
import {
  aboutDocument,
  articleDetail,
  articles,
  type DocumentKey,
  msbDocument,
  notices,
  securityDocument,
} from '../../schemas/api/content.schema.ts';
import type { AppDeps } from '../deps.ts';
import { BusinessError } from '../http/business-error.ts';
import type { RouteContext, Router } from '../http/router.ts';
import {
  defaultCategory,
  isKnownCategory,
  listArticles,
  noticeCategory,
  readArticle,
  readDocument,
} from './article-store.ts';

export function articleRoutes(router: Router, deps: AppDeps): void {
  const { db } = deps;

  router.add(articles, async ({ category_id, page, size }, { request }) => {
    const category = category_id ?? defaultCategory;
    if (!isKnownCategory(category)) throw new BusinessError('category_unknown');
    return listArticles(db, request.language, category, page, size);
  });

  router.add(notices, async ({ page, size }, { request }) =>
    listArticles(db, request.language, noticeCategory, page, size),
  );

  router.add(articleDetail, async ({ id }, { request }) => {
    const article = await readArticle(db, request.language, id);
    if (!article) throw new BusinessError('article_not_found');
    return article;
  });

  const documentRoute =
    (key: DocumentKey) =>
    async (_input: unknown, { request }: RouteContext) =>
      readDocument(db, request.language, key);
  router.add(aboutDocument, documentRoute('about'));
  router.add(msbDocument, documentRoute('msb'));
  router.add(securityDocument, documentRoute('sec'));
}
