// An operator's article written in Markdown, read on a phone-sized Chromium against the real
// server: its heading, bold words and list are drawn as such, and a script in it stays text and
// never runs (server/content/markup.ts, docs/content.md § Format and safety).
import { describe, expect, it } from 'vitest';
import { ops } from './ops-cli.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const patient = { timeout: 30_000, interval: 200 };
const phone = setUpPhoneApp();

describe('an article in Markdown', () => {
  it('shows its heading, bold words and list rendered, and runs none of its script', async () => {
    const body = [
      'Trading opens on **Monday**.',
      '## What changes',
      '- Lower fees\n- Longer hours',
      '<script>window.__pwned = true</script>',
      '[click](javascript:window.__pwned=true) <img src=x onerror="window.__pwned = true">',
    ].join('\n\n');
    const added = JSON.parse(
      await ops('article', 'add', '--category', '2', '--title', 'Opening hours', '--body', body),
    ) as { id: number };
    const { app } = phone;
    await app.open(`/pages/article/detail?id=${added.id}`);
    const article = app.page.getByTestId('article-body');
    await article.waitFor({ timeout: 30_000 });

    // `##` is one level below the page's own heading levels: the body's headings start at h3.
    await expect.poll(() => article.locator('h3').textContent(), patient).toBe('What changes');
    expect(await article.locator('strong').textContent()).toBe('Monday');
    expect(await article.locator('ul > li').allTextContents()).toEqual([
      'Lower fees',
      'Longer hours',
    ]);
    // The script, the handler and the javascript: link are text, not markup.
    expect(await article.locator('script, img, a').count()).toBe(0);
    expect(await article.textContent()).toContain('<script>window.__pwned = true</script>');
    expect(await article.textContent()).not.toContain('**');
    expect(
      await app.page.evaluate(() => (window as { __pwned?: unknown }).__pwned),
    ).toBeUndefined();
    // The guides, titled as such, list it.
    await app.open('/pages/article/index?category_id=2');
    await expect.poll(() => app.title(), patient).toBe('Guides');
    await app.page.getByTestId(`article-row-${added.id}`).waitFor({ timeout: 30_000 });
  });
});
