// A page model of the AI ETF pages, so the test reads as what a user does.
import type { Page } from 'playwright-core';

export class AiPages {
  constructor(readonly page: Page) {}

  product(id: number) {
    return this.page.getByTestId(`ai-product-${id}`);
  }

  open(id: number) {
    return this.page.getByTestId(`ai-open-${id}`).click();
  }

  amount() {
    return this.page.locator('input[name="amount"]');
  }

  buy() {
    return this.page.getByTestId('ai-submit').click();
  }

  /** The sheet that repeats the purchase before it is sent. */
  confirmation() {
    return this.page.getByTestId('ai-confirm-sheet');
  }

  confirm() {
    return this.page.getByTestId('ai-confirm').click();
  }

  cancel() {
    return this.confirmation().getByRole('button', { name: 'Cancel' }).click();
  }

  followed() {
    return this.page.getByTestId('ai-follow');
  }

  /** A figure as shown, without the locale's grouping. */
  async figure(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').replace(/,/g, '');
  }

  /** A schedule's rows as shown: day, date, amount and state. */
  async schedule(testId: string): Promise<string[][]> {
    return this.page
      .getByTestId(testId)
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()),
        ),
      );
  }

  withdraw(orderId: number) {
    return this.page.getByTestId(`ai-withdraw-${orderId}`).click();
  }
}
