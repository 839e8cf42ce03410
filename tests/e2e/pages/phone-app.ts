// One Chromium for a test file and a fresh phone-sized context per test, with the app page model.
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser, phoneContext } from '../../support/browser.ts';
import { AppPage } from './app-page.ts';

export interface PhoneApp {
  context: BrowserContext;
  app: AppPage;
}

/** Registers the hooks; the returned object holds the current test's context and page. */
export function setUpPhoneApp(options: BrowserContextOptions = {}): PhoneApp {
  const current = {} as PhoneApp;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    current.context = await phoneContext(browser, options);
    current.app = new AppPage(await current.context.newPage(), inject('appUrl'));
  });
  afterEach(() => current.context.close());
  return current;
}
