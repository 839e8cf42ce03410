// WCAG 2 A and AA on every page, in both themes, at a phone's size: axe reads what each page
// shows, as a visitor and as a registered user, and any serious or critical finding, or a broken
// page outline, fails the test with its rule, the elements it names and the page.
// Each page is opened once, in the dark theme (none stored), and read again once the theme is
// changed in place: the theme is `<html data-theme>` over CSS tokens, which the chart follows too
// (src/document-settings.ts, src/chart/chart-controller.ts), so the page then shows what it shows
// opened in the white theme, without a second load (the loads are where this test's time goes).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RegisteredUser, registerUser } from '../support/accounts.ts';
import { ApiClient } from '../support/api-client.ts';
import { launchBrowser, phoneContext } from '../support/browser.ts';
import {
  type Catalogue,
  type ScannedPage,
  userPages,
  visitorPages,
} from './accessibility-pages.ts';
import { blockingFindings, colourRules, describeFindings, type Finding } from './axe-scan.ts';
import { stockTheCatalogue } from './catalogue.ts';

const appUrl = inject('appUrl');
const dataDir = inject('appDataDir');
const api = new ApiClient(appUrl);
/** The theme a page opens in (none stored), then the one it is switched to. */
const themes = ['dark', 'white'] as const;
/** The machine may be busy: a page gets this long to show its content. */
const shownWithin = 60_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: RegisteredUser;
let catalogue: Catalogue;

/** Opens a page afresh and waits until it shows its content rather than a loading state. */
async function show(scanned: ScannedPage): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${appUrl}/#${scanned.path}`);
  await page
    .waitForFunction(
      () => {
        const main = document.querySelector('main');
        const loading = document.querySelector('.spinner, .page-status');
        return main !== null && (main.textContent ?? '').trim() !== '' && loading === null;
      },
      undefined,
      { timeout: shownWithin },
    )
    .catch(async (error: unknown) => {
      // Name the page and what it still shows, so a page stuck loading says which and why.
      const showing = await page.evaluate(() =>
        [...document.querySelectorAll('main, .spinner, .page-status')]
          .map((element) => `${element.className}: ${element.textContent?.slice(0, 120)}`)
          .join(' | '),
      );
      throw new Error(`${scanned.name} (#${scanned.path}) did not show its content: ${showing}`, {
        cause: error,
      });
    });
  await scanned.prepare?.(page);
}

/** Sets the theme as the app does at start (src/document-settings.ts), on the page as it is. */
async function switchTheme(theme: string): Promise<void> {
  await page.evaluate((value) => {
    document.documentElement.dataset.theme = value;
  }, theme);
  // The chart redraws in the new colours on its next frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

async function scanAll(pages: readonly ScannedPage[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const scanned of pages) {
    await show(scanned);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(themes[0]);
    for (const theme of themes) {
      const first = theme === themes[0];
      if (!first) await switchTheme(theme);
      const where = `${scanned.name} [${theme}] #${scanned.path}`;
      // Every rule in the first theme; in the next, only the rules that read colours.
      findings.push(...(await blockingFindings(page, where, first ? undefined : colourRules)));
    }
  }
  return findings;
}

async function logIn(token: string | null): Promise<void> {
  await page.goto(`${appUrl}/`);
  await page.evaluate((value) => {
    if (value === null) localStorage.removeItem('token');
    else localStorage.setItem('token', value);
  }, token);
}

beforeAll(async () => {
  user = await registerUser(api, dataDir);
  catalogue = await stockTheCatalogue(api, user);
  browser = await launchBrowser();
  context = await phoneContext(browser);
  context.setDefaultTimeout(shownWithin);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`accessibility in the ${themes.join(' and ')} themes`, () => {
  it('has no blocking finding on a visitor’s pages', async () => {
    await logIn(null);
    const findings = await scanAll(visitorPages(catalogue));
    expect(findings, describeFindings(findings)).toEqual([]);
  }, 600_000);

  it('has no blocking finding on a registered user’s pages', async () => {
    await logIn(user.token);
    const findings = await scanAll(userPages(catalogue));
    expect(findings, describeFindings(findings)).toEqual([]);
  }, 900_000);
});
