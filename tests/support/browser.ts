// Debian's Chromium driven by playwright-core, at a phone's viewport, with no background networking.
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Without the networking ones, Chromium floods a closed network with refused connections. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: chromiumArgs });
}

/** A browser context as on a 390×844 phone, with touch. */
export function phoneContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    ...options,
  });
}

/** A page as on a 390×844 phone, with touch. */
export async function phonePage(browser: Browser): Promise<Page> {
  return (await phoneContext(browser)).newPage();
}
