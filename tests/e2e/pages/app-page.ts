// A page model of the app shell, so tests read as what a user does.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The app's own top bar, not the frame index.html draws while the scripts load. */
export const appStarted = '.app:not([data-shell]) > .top-bar';

export class AppPage {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/#${path}`);
    await this.page.locator(appStarted).waitFor();
  }

  /** The path after the hash, which the router shows. */
  route(): string {
    return new URL(this.page.url()).hash.replace(/^#/, '') || '/';
  }

  title() {
    return this.page.locator('.top-bar__title').textContent();
  }

  async openMenu(): Promise<void> {
    await this.page.getByRole('button', { name: 'Menu' }).click();
    await this.page.locator('.panel--start').waitFor();
  }

  async menuEntry(label: string): Promise<void> {
    await this.page.locator('.menu-entry', { hasText: label }).click();
  }

  field(name: string) {
    return this.page.locator(`input[name="${name}"]`);
  }

  async fill(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.field(name).fill(value);
  }

  /**
   * The problem a field is flagged with, as a screen reader finds it: the field is `aria-invalid`
   * and names the problem in `aria-describedby`. Null when the field is not flagged.
   */
  fieldProblem(name: string): Promise<string | null> {
    return this.field(name).evaluate((input) => {
      if (input.getAttribute('aria-invalid') !== 'true') return null;
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      const texts = ids
        .filter((id) => id.endsWith('-problem'))
        .map((id) => document.getElementById(id)?.textContent ?? '');
      return texts.join(' ') || '';
    });
  }

  /** The words of each toast shown, without its mark. */
  toast() {
    return this.page.locator('.toast .toast__text');
  }

  /** The toasts themselves: their kind is `data-kind`. */
  toastBox() {
    return this.page.locator('.toast');
  }

  async htmlAttributes() {
    return this.page.evaluate(() => {
      const html = document.documentElement;
      return { lang: html.lang, dir: html.dir, theme: html.dataset.theme };
    });
  }

  async waitForRoute(path: string): Promise<void> {
    await expect.poll(() => this.route(), { timeout: 10_000 }).toBe(path);
  }
}
