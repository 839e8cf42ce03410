// Articles and fixed documents as stored: text per language, read in the caller's language with a
// fallback to English, then to whichever language the text was written in.
import type { DocumentKey } from '../../schemas/api/content.schema.ts';
import type { Language } from '../../schemas/languages.ts';
import type { Db } from '../db/database.ts';
import { defaultDocument, defaultDocumentsDate } from './default-documents/index.ts';
import { plainSummary, renderMarkup } from './markup.ts';

/**
 * Known categories: 92 is the platform notices (docs/product.md §20); 1 is what "about us" lists.
 */
export const articleCategories = { about: 1, guides: 2, notices: 92 } as const;
export const noticeCategory = articleCategories.notices;
export const defaultCategory = articleCategories.about;
const knownCategories = new Set<number>(Object.values(articleCategories));

export function isKnownCategory(id: number): boolean {
  return knownCategories.has(id);
}

interface Text {
  lang: string;
  title: string;
  body: string;
}

/** The caller's language, else English, else the first written. */
export function pickText<T extends Text>(texts: readonly T[], language: Language): T | undefined {
  return (
    texts.find((text) => text.lang === language) ??
    texts.find((text) => text.lang === 'en') ??
    [...texts].sort((a, b) => a.lang.localeCompare(b.lang))[0]
  );
}

const iso = (date: Date | string) => new Date(date).toISOString();

export interface ArticleSummary {
  id: number;
  category_id: number;
  title: string;
  summary: string;
  cover: string | null;
  published_at: string;
}

export async function listArticles(
  db: Db,
  language: Language,
  category: number,
  page: number,
  size: number,
): Promise<{ list: ArticleSummary[]; total: number; page: number; size: number }> {
  const rows = await db
    .selectFrom('articles')
    .selectAll()
    .select((eb) => eb.fn.countAll<number>().over().as('total'))
    .where('category_id', '=', category)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  const ids = rows.map((row) => row.id);
  const texts =
    ids.length === 0
      ? []
      : await db.selectFrom('article_texts').selectAll().where('article_id', 'in', ids).execute();
  const list = rows.map((row) => {
    const text = pickText(
      texts.filter((candidate) => candidate.article_id === row.id),
      language,
    );
    return {
      id: row.id,
      category_id: row.category_id,
      title: text?.title ?? '',
      summary: plainSummary(text?.body ?? ''),
      cover: row.cover,
      published_at: iso(row.published_at),
    };
  });
  // `count(*) over ()` is a string from `pg` and a number from PGlite.
  const total = Number(rows[0]?.total ?? 0);
  return { list, total, page, size };
}

export async function readArticle(db: Db, language: Language, id: number) {
  const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const texts = await db
    .selectFrom('article_texts')
    .selectAll()
    .where('article_id', '=', id)
    .execute();
  const text = pickText(texts, language);
  return {
    id: row.id,
    category_id: row.category_id,
    title: text?.title ?? '',
    summary: plainSummary(text?.body ?? ''),
    cover: row.cover,
    published_at: iso(row.published_at),
    content: renderMarkup(text?.body ?? ''),
  };
}

/** A fixed document in the reader's language: the operator's, else the shipped one. */
export async function readDocument(db: Db, language: Language, key: DocumentKey) {
  const texts = await db.selectFrom('documents').selectAll().where('key', '=', key).execute();
  const text = pickText(texts, language);
  if (!text) {
    const shipped = defaultDocument(key, language);
    return {
      title: shipped.title,
      content: renderMarkup(shipped.body),
      updated_at: defaultDocumentsDate,
    };
  }
  return { title: text.title, content: renderMarkup(text.body), updated_at: iso(text.updated_at) };
}
