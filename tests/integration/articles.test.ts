// Articles, notices and the fixed documents over real HTTP: published with the operator API, read
// in the request's language with the English fallback, bodies rendered without any markup of the
// author's own, and the bad paths answered with their messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '../../schemas/languages.ts';
import { systemClock } from '../../server/clock.ts';
import { ApiClient } from '../support/api-client.ts';
import { type InProcessServer, startInProcessServer } from '../support/in-process-server.ts';
import { callOperator } from '../support/operator-api.ts';

let server: InProcessServer;
const client = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startInProcessServer(systemClock);
}, 120_000);
afterAll(() => server.stop());

const ops = <T = { id: number }>(path: string, body: Record<string, unknown>) =>
  callOperator<T>(server, path, body);

interface Summary {
  id: number;
  title: string;
  summary: string;
  category_id: number;
}
interface Paged {
  list: Summary[];
  total: number;
}

async function publish(category: number, title: string, body: string, lang = 'en') {
  const added = await ops('article/add', { category, title, body, lang });
  expect(added.status).toBe(200);
  return added.body.data.id;
}

describe('articles and notices', () => {
  it('lists a category newest first, notices on /index/gonggao and the home page', async () => {
    const first = await publish(92, 'Maintenance window', 'The platform pauses **briefly**.');
    const second = await publish(92, 'New market listed', 'DOGE is listed.');
    const about = await publish(1, 'Who we are', 'A trading platform.');

    const byCategory = await client().get<Paged>('/article/index', { category_id: '92' });
    expect(byCategory.body.code).toBe(200);
    const ids = byCategory.body.data.list.map((row) => row.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(about);
    expect(byCategory.body.data.list.find((row) => row.id === first)?.summary).toBe(
      'The platform pauses briefly.',
    );

    const noticeList = await client().get<Paged>('/index/gonggao');
    expect(noticeList.body.data.list.map((row) => row.id)).toEqual(ids);

    // Without a category the list is "about us".
    const aboutList = await client().get<Paged>('/article/index');
    expect(aboutList.body.data.list.map((row) => row.id)).toEqual([about]);

    const home = await client().get<{ notices: Summary[] }>('/index/index');
    expect(home.body.data.notices.map((row) => row.id)).toContain(second);
    expect(home.body.data.notices.every((row) => row.category_id === 92)).toBe(true);
  });

  it('answers in the Lang of the request, falling back to English', async () => {
    const id = await publish(2, 'Getting started', 'Read this first.');
    const translated = await ops('article/update', {
      id,
      lang: 'de',
      title: 'Erste Schritte',
      body: 'Zuerst lesen.',
    });
    expect(translated.body.ok).toBe(true);

    const german = await client().get<{ title: string; content: string }>(
      '/article/detail',
      { id: String(id) },
      { lang: 'de' },
    );
    expect(german.body.data).toMatchObject({
      title: 'Erste Schritte',
      content: '<p>Zuerst lesen.</p>\n',
    });
    const french = await client().get<{ title: string }>(
      '/article/detail',
      { id: String(id) },
      { lang: 'fr' },
    );
    expect(french.body.data.title).toBe('Getting started');
    const list = await client().get<Paged>('/article/index', { category_id: '2' }, { lang: 'de' });
    expect(list.body.data.list.find((row) => row.id === id)?.title).toBe('Erste Schritte');
  });

  it('never lets script or event-handler markup of an article reach the page', async () => {
    const payload = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3)) and [ok](https://example.com/?a=1&b=2)',
      '# Heading <b onmouseover=alert(4)>x</b>',
    ].join('\n\n');
    const id = await publish(2, '<svg onload=alert(5)>', payload);
    const detail = await client().get<{ title: string; content: string }>('/article/detail', {
      id: String(id),
    });
    const { content, title } = detail.body.data;
    // Every live tag is one the renderer makes, with only its own attributes; the payloads are text.
    for (const [, name, attributes] of content.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)) {
      expect(['p', 'br', 'h2', 'h3', 'h4', 'ul', 'li', 'strong', 'em', 'a']).toContain(name);
      expect(attributes?.replace(/\s(href|rel|target)="[^"]*"/g, '').trim()).toBe('');
    }
    expect(content).not.toMatch(/href="javascript/i);
    expect(content).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(content).toContain(
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer"',
    );
    expect(content).toContain('[click](javascript:alert(3))');
    // Titles are plain text: the client draws them as text, so they come back as written.
    expect(title).toBe('<svg onload=alert(5)>');
  });

  it('refuses an unknown article, an unknown or malformed category, with a message', async () => {
    const missing = await client().get('/article/detail', { id: '999999' }, { lang: 'en' });
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ code: 1320, msg: 'This article does not exist' });
    const unknown = await client().get('/article/index', { category_id: '77' });
    expect(unknown.body).toMatchObject({ code: 1321 });
    const malformed = await client().get('/article/index', { category_id: 'abc' });
    expect(malformed.body.code).toBe(1002);
    const noId = await client().get('/article/detail');
    expect(noId.body.code).toBe(1001);
  });

  it('lets an operator update, list and remove articles, refusing bad ones', async () => {
    const id = await publish(2, 'Temporary', 'Soon gone.');
    const moved = await ops('article/update', { id, category: 77 });
    expect(moved.status).toBe(409);
    const noText = await ops('article/update', { id, lang: 'it', title: 'Solo titolo' });
    expect(noText.status).toBe(409);
    const listed = await ops<{ id: number; titles: Record<string, string> }[]>('article/list', {
      category: 2,
    });
    expect(listed.body.data.find((row) => row.id === id)?.titles).toEqual({ en: 'Temporary' });
    expect((await ops('article/remove', { id })).status).toBe(200);
    expect((await ops('article/remove', { id })).status).toBe(409);
    const gone = await client().get('/article/detail', { id: String(id) });
    expect(gone.body.code).toBe(1320);
    const badAdd = await ops('article/add', { category: 92, title: '', body: 'x' });
    expect(badAdd.status).toBe(400);
  });
});

describe('fixed documents', () => {
  it('a fresh install answers the shipped about-us, licence and security documents in the reader’s language', async () => {
    for (const path of ['/index/services', '/index/pdf', '/index/sec']) {
      const titles = new Set<string>();
      for (const lang of languages) {
        const read = await client().get<{ title: string; content: string }>(path, {}, { lang });
        expect(read.body.code, `${path} ${lang}`).toBe(200);
        expect(read.body.data.content, `${path} ${lang}`).toMatch(/^<(p|h2|h3)>/);
        // Rendered, not shown as written: no heading mark or list dash is left in the text.
        expect(read.body.data.content, `${path} ${lang}`).not.toMatch(/(^|>|\n)(#+|-) /);
        titles.add(read.body.data.title);
      }
      expect(titles.size, path).toBe(languages.length);
    }
  });

  it('answers the shipped document until one is published, then the published one by language', async () => {
    const before = await client().get<{ title: string }>('/index/sec');
    expect(before.body).toMatchObject({ code: 200, data: { title: 'Security' } });

    for (const [key, path] of [
      ['about', '/index/services'],
      ['msb', '/index/pdf'],
      ['sec', '/index/sec'],
    ] as const) {
      const set = await ops('document/set', {
        key,
        title: `${key} title`,
        body: `${key} <b>body</b>`,
      });
      expect(set.body.ok).toBe(true);
      const read = await client().get<{ title: string; content: string }>(path, {}, { lang: 'zh' });
      expect(read.body.data).toMatchObject({
        title: `${key} title`,
        content: `<p>${key} &lt;b&gt;body&lt;/b&gt;</p>\n`,
      });
    }
    await ops('document/set', { key: 'sec', lang: 'zh', title: '安全声明', body: '内容' });
    const chinese = await client().get<{ title: string }>('/index/sec', {}, { lang: 'zh' });
    expect(chinese.body.data.title).toBe('安全声明');
    const english = await client().get<{ title: string }>('/index/sec', {}, { lang: 'en' });
    expect(english.body.data.title).toBe('sec title');
    expect((await ops('document/set', { key: 'faq', title: 't', body: 'b' })).status).toBe(400);
  });
});
