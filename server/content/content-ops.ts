// Operator calls for articles, the fixed documents and the support conversation (the CLI's
// `article`, `document` and `support` commands). Bodies are the Markdown subset of markup.ts.
import { z } from 'zod';
import { documentKeySchema } from '../../schemas/api/content.schema.ts';
import { supportMessageMax } from '../../schemas/api/support.schema.ts';
import { languages } from '../../schemas/languages.ts';
import type { Db } from '../db/database.ts';
import type { OpsKit } from '../ops/ops-routes.ts';
import type { SupportBus } from '../support/support-bus.ts';
import { addMessage, conversations, messagesOf } from '../support/support-store.ts';
import { articleCategories, isKnownCategory } from './article-store.ts';

const lang = z.enum(languages).default('en');
const title = z.string().trim().min(1).max(200);
const body = z.string().trim().min(1).max(100_000);
const category = z.coerce.number().int();
const id = z.coerce.number().int().positive();

export function contentOps(db: Db, bus: SupportBus) {
  return (kit: OpsKit): void => {
    const { route, log, fail } = kit;
    const checkCategory = (value: number) => {
      if (!isKnownCategory(value)) {
        fail(`unknown category ${value}; known: ${JSON.stringify(articleCategories)}`);
      }
    };

    route('/ops/article/add', z.object({ category, lang, title, body }), async (input) => {
      checkCategory(input.category);
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
      await log('article.add', String(article.id), { category: input.category, lang: input.lang });
      return { id: article.id, category_id: article.category_id, lang: input.lang };
    });

    route(
      '/ops/article/update',
      z.object({
        id,
        category: category.optional(),
        lang,
        title: title.optional(),
        body: body.optional(),
      }),
      async (input) => {
        if (input.category !== undefined) checkCategory(input.category);
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
          if (!found) fail(`no article ${input.id}`);
          if (input.title === undefined && input.body === undefined) return;
          const text = await trx
            .selectFrom('article_texts')
            .selectAll()
            .where('article_id', '=', input.id)
            .where('lang', '=', input.lang)
            .executeTakeFirst();
          const next = { title: input.title ?? text?.title, body: input.body ?? text?.body };
          if (next.title === undefined || next.body === undefined) {
            fail(`article ${input.id} has no ${input.lang} text yet: give both --title and --body`);
          }
          await trx
            .insertInto('article_texts')
            .values({
              article_id: input.id,
              lang: input.lang,
              title: next.title as string,
              body: next.body as string,
            })
            .onConflict((oc) =>
              oc
                .columns(['article_id', 'lang'])
                .doUpdateSet({ title: next.title as string, body: next.body as string }),
            )
            .execute();
        });
        await log('article.update', String(input.id), {
          category: input.category ?? null,
          lang: input.lang,
        });
        return { id: input.id, lang: input.lang };
      },
    );

    route('/ops/article/list', z.object({ category: category.optional() }), async (input) => {
      const rows = await db
        .selectFrom('articles as a')
        .leftJoin('article_texts as t', 't.article_id', 'a.id')
        .select(['a.id', 'a.category_id', 'a.published_at', 't.lang', 't.title'])
        .$if(input.category !== undefined, (q) =>
          q.where('a.category_id', '=', input.category as number),
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
    });

    route('/ops/article/remove', z.object({ id }), async (input) => {
      const removed = await db.deleteFrom('articles').where('id', '=', input.id).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) fail(`no article ${input.id}`);
      await log('article.remove', String(input.id), {});
      return { id: input.id, removed: true };
    });

    route(
      '/ops/document/set',
      z.object({ key: documentKeySchema, lang, title, body }),
      async (input) => {
        await db
          .insertInto('documents')
          .values({ key: input.key, lang: input.lang, title: input.title, body: input.body })
          .onConflict((oc) =>
            oc
              .columns(['key', 'lang'])
              .doUpdateSet({ title: input.title, body: input.body, updated_at: new Date() }),
          )
          .execute();
        await log('document.set', input.key, { lang: input.lang });
        return { key: input.key, lang: input.lang };
      },
    );

    route('/ops/document/list', z.object({}), async () =>
      db
        .selectFrom('documents')
        .select(['key', 'lang', 'title', 'updated_at'])
        .orderBy('key')
        .orderBy('lang')
        .execute(),
    );

    route('/ops/support/list', z.object({}), async () => conversations(db));

    route('/ops/support/show', z.object({ account: z.string().min(1) }), async (input) => {
      const user = await kit.userByAccount(input.account);
      const { list } = await messagesOf(db, user.id, 1, 100);
      return { account: user.account, messages: list.reverse() };
    });

    route(
      '/ops/support/reply',
      z.object({
        account: z.string().min(1),
        text: z.string().trim().min(1).max(supportMessageMax),
      }),
      async (input) => {
        const user = await kit.userByAccount(input.account);
        const message = await addMessage(db, user.id, true, input.text);
        await log('support.reply', user.account, { id: message.id });
        bus.publish(user.id, [message]);
        return { account: user.account, message };
      },
    );
  };
}
