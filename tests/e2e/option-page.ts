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

  /** The sheet that repeats the contract before it is sent. */
  confirmation() {
    return this.page.getByTestId('option-confirm-sheet');
  }

  confirm() {
    return this.page.getByTestId('option-confirm').click();
  }

  cancel() {
    return this.confirmation().getByRole('button', { name: 'Cancel' }).click();
  }

  /** Up or down placed and confirmed. */
  async placeConfirmed(direction: 'up' | 'down'): Promise<void> {
    await this.place(direction);
    await this.confirm();
  }

  /** Where a button sits in the window, and whether it is the element found at its centre. */
  async inSight(testId: string): Promise<{ top: number; bottom: number; onTop: boolean }> {
    return this.page.getByTestId(testId).evaluate((button) => {
      const box = button.getBoundingClientRect();
      const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { top: box.top, bottom: box.bottom, onTop: button.contains(found) };
    });
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
