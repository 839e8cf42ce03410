// The served app in a phone-sized Chromium: it renders, and <html> follows the stored choices.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, phonePage } from '../support/browser.ts';

const appUrl = inject('appUrl');
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await phonePage(browser);
});
afterAll(() => browser.close());

const htmlAttributes = () =>
  page.evaluate(() => {
    const html = document.documentElement;
    return { lang: html.lang, dir: html.dir, theme: html.dataset.theme };
  });

describe('the web app at /', () => {
  it('shows the brand at a phone viewport, dark and left to right by default', async () => {
    await page.goto(appUrl);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Meridian');
    expect(await htmlAttributes()).toEqual({ lang: 'en', dir: 'ltr', theme: 'dark' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  it('applies a stored Hebrew language and white theme after a reload', async () => {
    await page.evaluate(() => {
      localStorage.setItem('lang', 'he');
      localStorage.setItem('theme', 'white');
    });
    await page.reload();
    await expect.poll(htmlAttributes).toEqual({ lang: 'he', dir: 'rtl', theme: 'white' });
  });

  it('treats any stored theme other than white as dark', async () => {
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect.poll(async () => (await htmlAttributes()).theme).toBe('dark');
  });
});
