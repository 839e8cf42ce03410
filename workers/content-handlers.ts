// The calls of articles, documents and customer service in the worker. The conversation's
// answers are logged, so the `support` projection folds them with the socket's live frames.
import type { NewEvent } from '../core/event-log.ts';
import type { SupportView } from '../core/projections/support.ts';
import {
  aboutDocument,
  articleDetail,
  articles,
  customerService,
  msbDocument,
  securityDocument,
} from '../schemas/api/content.schema.ts';
import { supportMessages, supportSend } from '../schemas/api/support.schema.ts';
import type {
  ArticleRow,
  ContentHandlers,
  DocumentKey,
  SupportConversationView,
} from './content-types.ts';
import type { ListPage, Outcome } from './facade.ts';
import { formatTimestamp } from './time-format.ts';
import type { CallApi } from './wallet-handlers.ts';

export interface ContentDeps {
  call: CallApi;
  record(event: NewEvent): void;
  locale(): string;
}

/** Articles per page of a list. */
export const articlePageSize = 20;

const documentEndpoints = { about: aboutDocument, msb: msbDocument, sec: securityDocument };

export function supportConversation(view: SupportView, locale: string): SupportConversationView {
  return {
    rows: view.messages.map((message) => ({
      id: message.id,
      from: message.from,
      text: message.text,
      time: formatTimestamp(message.created_at, locale, 'dated'),
    })),
  };
}

export class ContentCalls implements ContentHandlers {
  readonly #deps: ContentDeps;

  constructor(deps: ContentDeps) {
    this.#deps = deps;
  }

  async articles(category: number | null, page: number): Promise<Outcome<ListPage<ArticleRow>>> {
    const outcome = await this.#deps.call(articles, {
      page,
      size: articlePageSize,
      ...(category === null ? {} : { category_id: category }),
    });
    if (!outcome.ok) return outcome;
    const { list, total, size } = outcome.data;
    const locale = this.#deps.locale();
    return {
      ok: true,
      data: {
        rows: list.map((row) => ({
          id: row.id,
          title: row.title,
          summary: row.summary,
          time: formatTimestamp(row.published_at, locale, 'dated'),
        })),
        page,
        more: page * size < total,
      },
    };
  }

  async article(id: number) {
    const outcome = await this.#deps.call(articleDetail, { id });
    if (!outcome.ok) return outcome;
    const { title, content, published_at } = outcome.data;
    const time = formatTimestamp(published_at, this.#deps.locale(), 'dated');
    return { ok: true as const, data: { id, title, html: content, time } };
  }

  async document(key: DocumentKey) {
    const outcome = await this.#deps.call(documentEndpoints[key], {});
    if (!outcome.ok) return outcome;
    const { title, content, updated_at } = outcome.data;
    const time = formatTimestamp(updated_at, this.#deps.locale(), 'dated');
    return { ok: true as const, data: { title, html: content, time } };
  }

  customerService() {
    return this.#deps.call(customerService, {});
  }

  async loadSupport(): Promise<Outcome<null>> {
    const outcome = await this.#deps.call(supportMessages, { page: 1, size: 50 });
    if (!outcome.ok) return outcome;
    this.#deps.record({ source: 'api', type: 'support-messages', payload: outcome.data });
    return { ok: true, data: null };
  }

  async sendSupport(text: string): Promise<Outcome<null>> {
    // The text is the user's own words: the log keeps that a message was sent, not what it said.
    this.#deps.record({ source: 'intent', type: 'support-send', payload: null });
    const outcome = await this.#deps.call(supportSend, { message: text });
    if (!outcome.ok) return outcome;
    this.#deps.record({ source: 'api', type: 'support-sent', payload: outcome.data });
    return { ok: true, data: null };
  }
}
