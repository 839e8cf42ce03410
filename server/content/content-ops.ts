// Operator calls for articles and the fixed documents (the CLI's `article` and `document`
// commands). Bodies are Markdown, rendered by markup.ts.
import { z } from 'zod';
import { documentKeySchema } from '../../schemas/api/content.schema.ts';
import { languages } from '../../schemas/languages.ts';
import { rowId } from '../../schemas/row-ids.ts';
import type { Db } from '../db/database.ts';
import { type OpsCall, type OpsKit, opsCall } from '../ops/ops-call.ts';
import { articleCategories, isKnownCategory } from './article-store.ts';

const lang = z.enum(languages).default('en');
const title = z.string().trim().min(1).max(200);
const body = z.string().trim().min(1).max(100_000);
const category = rowId('articles.category_id', 'integer');
const id = rowId('articles.id', 'integer');

/** A text's fields as the CLI takes them; the body inline or from a file. */
const textOptions = ['lang', 'title', 'body'];
const bodyFile = { 'body-file': 'body' };

function checkCategory(value: number, { fail }: OpsKit): void {
  if (!isKnownCategory(value)) {
    fail(`unknown category ${value}; known: ${JSON.stringify(articleCategories)}`);
  }
}

export function contentOps(db: Db): OpsCall[] {
  const addArticle = opsCall({
    path: '/ops/article/add',
    input: z.object({ category, lang, title, body }),
    commands: [
      {
        words: 'article add',
        options: ['category', ...textOptions],
        files: bodyFile,
        help: 'publish an article (category 92 notices, 1 about us, 2 guides)',
      },
    ],
    run: async (input, kit) => {
      checkCategory(input.category, kit);
      const article = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('articles')
          .values({ category_id: input.category })
          .returning(['id', 'category_id', 'published_at'])
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('article_texts')
          .values({ article_id: row.id, lang: input.lang, title: input.title, body: input.body })
          .execute();
        return row;
      });
      await kit.log('article.add', String(article.id), {
        category: input.category,
        lang: input.lang,
      });
      return { id: article.id, category_id: article.category_id, lang: input.lang };
    },
  });

  const updateArticle = opsCall({
    path: '/ops/article/update',
    input: z.object({
      id,
      category: z.optional(category),
      lang,
      title: title.optional(),
      body: body.optional(),
    }),
    commands: [
      {
        words: 'article update',
        args: ['id'],
        options: ['category', ...textOptions],
        files: bodyFile,
        help: 'move an article, or set its text in one language',
      },
    ],
    run: async (input, kit) => {
      if (input.category !== undefined) checkCategory(input.category, kit);
      await db.transaction().execute(async (trx) => {
        const found = await trx
          .updateTable('articles')
          .set({
            updated_at: new Date(),
            ...(input.category === undefined ? {} : { category_id: input.category }),
          })
          .where('id', '=', input.id)
          .returning('id')
          .executeTakeFirst();
        if (!found) kit.fail(`no article ${input.id}`);
        if (input.title === undefined && input.body === undefined) return;
        const text = await trx
          .selectFrom('article_texts')
          .selectAll()
          .where('article_id', '=', input.id)
          .where('lang', '=', input.lang)
          .executeTakeFirst();
        const nextTitle = input.title ?? text?.title;
        const nextBody = input.body ?? text?.body;
        if (nextTitle === undefined || nextBody === undefined) {
          return kit.fail(
            `article ${input.id} has no ${input.lang} text yet: give both --title and --body`,
          );
        }
        await trx
          .insertInto('article_texts')
          .values({ article_id: input.id, lang: input.lang, title: nextTitle, body: nextBody })
          .onConflict((oc) =>
            oc.columns(['article_id', 'lang']).doUpdateSet({ title: nextTitle, body: nextBody }),
          )
          .execute();
      });
      await kit.log('article.update', String(input.id), {
        category: input.category ?? null,
        lang: input.lang,
      });
      return { id: input.id, lang: input.lang };
    },
  });

  const listArticles = opsCall({
    path: '/ops/article/list',
    input: z.object({ category: z.optional(category) }),
    commands: [
      {
        words: 'article list',
        options: ['category'],
        help: 'list articles with their titles per language',
      },
    ],
    run: async (input) => {
      const rows = await db
        .selectFrom('articles as a')
        .leftJoin('article_texts as t', 't.article_id', 'a.id')
        .select(['a.id', 'a.category_id', 'a.published_at', 't.lang', 't.title'])
        .$call((q) =>
          input.category === undefined ? q : q.where('a.category_id', '=', input.category),
        )
        .orderBy('a.id', 'desc')
        .limit(500)
        .execute();
      const byId = new Map<
        number,
        { id: number; category_id: number; published_at: string; titles: Record<string, string> }
      >();
      for (const row of rows) {
        const entry = byId.get(row.id) ?? {
          id: row.id,
          category_id: row.category_id,
          published_at: new Date(row.published_at).toISOString(),
          titles: {},
        };
        if (row.lang && row.title) entry.titles[row.lang] = row.title;
        byId.set(row.id, entry);
      }
      return [...byId.values()];
    },
  });

  const removeArticle = opsCall({
    path: '/ops/article/remove',
    input: z.object({ id }),
    commands: [{ words: 'article remove', args: ['id'], help: 'delete an article' }],
    run: async (input, kit) => {
      const removed = await db.deleteFrom('articles').where('id', '=', input.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) kit.fail(`no article ${input.id}`);
      await kit.log('article.remove', String(input.id), {});
      return { id: input.id, removed: true };
    },
  });

  const setDocument = opsCall({
    path: '/ops/document/set',
    input: z.object({ key: documentKeySchema, lang, title, body }),
    commands: [
      {
        words: 'document set',
        args: ['key'],
        options: textOptions,
        files: bodyFile,
        help: 'set a fixed document (about, msb, sec) in one language',
      },
    ],
    run: async (input, kit) => {
      await db
        .insertInto('documents')
        .values({ key: input.key, lang: input.lang, title: input.title, body: input.body })
        .onConflict((oc) =>
          oc
            .columns(['key', 'lang'])
            .doUpdateSet({ title: input.title, body: input.body, updated_at: new Date() }),
        )
        .execute();
      await kit.log('document.set', input.key, { lang: input.lang });
      return { key: input.key, lang: input.lang };
    },
  });

  const listDocuments = opsCall({
    path: '/ops/document/list',
    input: z.object({}),
    commands: [{ words: 'document list', help: 'list the fixed documents' }],
    run: async () =>
      db
        .selectFrom('documents')
        .select(['key', 'lang', 'title', 'updated_at'])
        .orderBy('key')
        .orderBy('lang')
        .execute(),
  });

  return [addArticle, updateArticle, listArticles, removeArticle, setDocument, listDocuments];
}
