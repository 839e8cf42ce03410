// A page model of what makes the app installable: its manifest, its service worker, the offline
// banner and the menu's install entry.
import type { Page } from 'playwright-core';
import { appStarted } from './pages/app-page.ts';

export class PwaPage {
  constructor(readonly page: Page) {}

  /** Loads the page again from the top (a `goto` to the same URL would only change its hash). */
  async reopen(): Promise<void> {
    await this.page.reload();
    await this.page.locator(appStarted).waitFor();
  }

  /** The manifest's URL as the document links it, or null when it links none. */
  manifestUrl(): Promise<string | null> {
    return this.page.evaluate(() => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? link.href : null;
    });
  }

  /** The state of the active service worker of this page's scope ('activated' once it serves). */
  serviceWorkerState(): Promise<string | null> {
    return this.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.active?.state ?? null;
    });
  }

  /** Whether a service worker answers this page's requests. */
  controlled(): Promise<boolean> {
    return this.page.evaluate(() => navigator.serviceWorker.controller !== null);
  }

  offlineBanner() {
    return this.page.getByTestId('offline-banner');
  }

  /** What the banner says is wrong ('no-network' or 'unreachable'), or null when it is gone. */
  async connectivityShown(): Promise<string | null> {
    const banner = this.offlineBanner();
    return (await banner.count()) ? banner.getAttribute('data-connectivity') : null;
  }

  /** Every URL the service worker's caches hold. */
  cachedUrls(): Promise<string[]> {
    return this.page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(request.url);
      }
      return urls;
    });
  }

  marketRows() {
    return this.page.locator('[data-testid^="market-row-"]');
  }

  installEntry() {
    return this.page.getByTestId('menu-install');
  }

  installSteps() {
    return this.page.getByTestId('install-steps');
  }

  /** How far the page is wider than the screen: 0 when nothing overflows sideways. */
  sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }
}
