// A page model of the second contract's pages, so the test reads as what a trader does.
import type { Page } from 'playwright-core';

export class OptionTradePage {
  constructor(readonly page: Page) {}

  duration(unit: 'minute' | 'hour' | 'day', length: number) {
    return this.page.getByTestId(`option-duration-${unit}-${length}`).click();
  }

  stake() {
    return this.page.locator('.option-form input[name="stake"]');
  }

  /** A share of the available balance as the stake. */
  share(percent: 25 | 50 | 75 | 100) {
    return this.page.getByTestId(`option-share-${percent}`).click();
  }

  place(direction: 'up' | 'down') {
    return this.page.getByTestId(`option-place-${direction}`).click();
  }

  /** A figure as shown, without the locale's grouping. */
  async figure(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').replace(/,/g, '');
  }

  followed() {
    return this.page.getByTestId('option-follow');
  }

  contract(id: string) {
    return this.page.getByTestId(`option-contract-${id}`);
  }

  /** The chart's wrapper, which says how many opening prices it draws. */
  chart() {
    return this.page.getByTestId('kline-chart');
  }

  verify(id: string) {
    return this.page.getByTestId(`option-verify-${id}`).click();
  }

  verdict() {
    return this.page.getByTestId('option-verdict');
  }
}
