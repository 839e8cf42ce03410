// What a phone draws from index.html alone, before a script of the app has run: the app's frame
// in the stored theme and reading direction, allowed by the page's security policy, and replaced
// by the app when it starts.
import { describe, expect, it } from 'vitest';
import { appStarted } from './pages/app-page.ts';
import { setUpPhoneApp } from './pages/phone-app.ts';

const phone = setUpPhoneApp();

async function storeChoices(theme: string, lang: string) {
  await phone.context.addInitScript(
    ([storedTheme, storedLang]) => {
      localStorage.setItem('theme', storedTheme);
      localStorage.setItem('lang', storedLang);
    },
    [theme, lang] as const,
  );
}

describe('the first paint', () => {
  it('draws the frame in the stored theme and direction before any script file loads', async () => {
    await storeChoices('white', 'he');
    const { page } = phone.app;
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) refused.push(message.text());
    });
    // No script file ever arrives: what shows comes from the page itself.
    await phone.context.route('**/*.js', (route) => route.abort());
    await page.goto(`${phone.app.baseUrl}/`);
    await page.locator('.top-bar__title').waitFor();
    expect(await page.locator('.top-bar__title').textContent()).toBe('Meridian');
    expect(
      await page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        dir: document.documentElement.dir,
        bar: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
      })),
    ).toEqual({ theme: 'white', dir: 'rtl', bar: '#f5f7fa' });
    expect(refused).toEqual([]);
  });

  it('gives way to the app, which draws one top bar of its own', async () => {
    await storeChoices('dark', 'en');
    await phone.app.open('/');
    expect(await phone.app.page.locator('.top-bar').count()).toBe(1);
    expect(await phone.app.page.locator(appStarted).count()).toBe(1);
    expect(await phone.app.page.locator('[data-shell]').count()).toBe(0);
  });
});
