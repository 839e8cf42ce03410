// A page model of the subscription pages, so the test reads as what a user does.
import type { Page } from 'playwright-core';

export class SubscriptionPages {
  constructor(readonly page: Page) {}

  project(id: number) {
    return this.page.getByTestId(`subscription-project-${id}`);
  }

  open(id: number) {
    return this.page.getByTestId(`subscription-open-${id}`).click();
  }

  amount() {
    return this.page.locator('input[name="amount"]');
  }

  /** A share of the funding balance as the amount. */
  share(percent: 25 | 50 | 75 | 100) {
    return this.page.getByTestId(`subscription-share-${percent}`).click();
  }

  commit() {
    return this.page.getByTestId('subscription-submit').click();
  }

  followed() {
    return this.page.getByTestId('subscription-follow');
  }

  /** A figure as shown, without the locale's grouping. */
  async figure(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').replace(/,/g, '');
  }

  record(id: number) {
    return this.page.getByTestId(`subscription-record-${id}`);
  }

  allocation(id: number) {
    return this.page.getByTestId(`subscription-allocation-${id}`).click();
  }

  recheck() {
    return this.page.getByTestId('subscription-recheck');
  }
}
