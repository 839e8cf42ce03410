// A page model of the spot trade page, so the test reads as what a trader does.
import type { Page } from 'playwright-core';

export class SpotTradePage {
  constructor(readonly page: Page) {}

  side(side: 'buy' | 'sell') {
    return this.page.getByTestId(`spot-side-${side}`).click();
  }

  orderType(type: 'limit' | 'market') {
    return this.page.getByTestId(`spot-type-${type}`).click();
  }

  field(name: 'price' | 'quantity' | 'turnover' | 'total') {
    return this.page.locator(`.spot-form input[name="${name}"]`);
  }

  submit() {
    return this.page.getByTestId('spot-submit').click();
  }

  share(percent: 25 | 50 | 75 | 100) {
    return this.page.getByTestId(`spot-share-${percent}`).click();
  }

  /** The ticker's last price as shown, without the locale's grouping. */
  async lastPrice(): Promise<string> {
    return ((await this.page.getByTestId('spot-last').textContent()) ?? '').replace(/,/g, '');
  }

  available() {
    return this.page.getByTestId('spot-available').textContent();
  }

  fee() {
    return this.page.getByTestId('spot-fee').textContent();
  }

  /** A market order's preview: the average price it would trade at, from the book. */
  average() {
    return this.page.getByTestId('spot-average').textContent();
  }

  /** The warning that the visible book cannot fill the market order whole. */
  bookShort() {
    return this.page.getByTestId('spot-book-short');
  }

  problem() {
    return this.page.getByTestId('spot-problem');
  }

  followed() {
    return this.page.getByTestId('spot-follow');
  }

  tab(list: 'current' | 'deal' | 'history') {
    return this.page.getByTestId(`spot-tab-${list}`).click();
  }

  orders() {
    return this.page.locator('#spot-orders-panel [data-testid^="spot-order-"]');
  }

  order(id: string) {
    return this.page.getByTestId(`spot-order-${id}`);
  }

  form() {
    return this.page.locator('.spot-form');
  }

  /** The book beside the form. */
  book() {
    return this.page.getByTestId('trade-book');
  }

  /** The book's column beside the form: the Order book and Depth tabs over the book. */
  bookColumn() {
    return this.page.locator('.trade-split__book');
  }

  /** The levels of one side of the book, top to bottom (the best ask last, the best bid first). */
  bookLevels(side: 'ask' | 'bid') {
    return this.book()
      .getByTestId(side === 'ask' ? 'book-asks' : 'book-bids')
      .locator('button');
  }

  /** The exact prices of one side's levels, as numbers. */
  async levelPrices(side: 'ask' | 'bid'): Promise<number[]> {
    const prices = await this.bookLevels(side).evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('data-price')),
    );
    return prices.map(Number);
  }

  /** The id of the first (newest) order in the open list. */
  async firstOrderId(): Promise<string> {
    const testId = (await this.orders().first().getAttribute('data-testid')) ?? '';
    return testId.replace('spot-order-', '');
  }
}
