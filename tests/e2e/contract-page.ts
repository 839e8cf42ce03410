// A page model of the perpetual pages, so the test reads as what a trader does.
import type { Locator, Page } from 'playwright-core';

export class ContractTradePage {
  constructor(readonly page: Page) {}

  direction(direction: 'long' | 'short') {
    return this.page.getByTestId(`contract-direction-${direction}`).click();
  }

  orderType(type: 'limit' | 'market') {
    return this.page.getByTestId(`contract-type-${type}`).click();
  }

  field(name: 'price' | 'quantity' | 'tp' | 'sl') {
    return this.page.locator(`.contract-form input[name="${name}"]`);
  }

  async setLeverage(leverage: number): Promise<void> {
    await this.page.getByTestId('contract-leverage').click();
    await this.page.getByTestId(`leverage-mark-${leverage}`).click();
    await this.page.getByTestId('leverage-confirm').click();
  }

  leverage() {
    return this.page.getByTestId('contract-leverage').textContent();
  }

  withTpSl() {
    return this.page.getByTestId('contract-tpsl').check();
  }

  submit() {
    return this.page.getByTestId('contract-submit').click();
  }

  /** A figure as shown, without the locale's grouping. */
  async figure(testId: string): Promise<string> {
    return ((await this.page.getByTestId(testId).textContent()) ?? '').replace(/,/g, '');
  }

  mark() {
    return this.figure('contract-mark');
  }

  available() {
    return this.figure('contract-available');
  }

  estimate() {
    return this.page.getByTestId('contract-liquidation').textContent();
  }

  followed() {
    return this.page.getByTestId('contract-follow');
  }

  /** What the followed order traded: its quantity and average price. */
  followedTrade() {
    return this.page.getByTestId('contract-follow-traded');
  }

  /** The warning that the visible book cannot fill a market order whole. */
  bookShort() {
    return this.page.getByTestId('contract-book-short');
  }

  /** The prices of the bids in the perpetual's book beside the form, as numbers. */
  bookBids(): Promise<number[]> {
    return this.numbers(this.book().locator('[data-testid="book-bids"] .book-row__price'));
  }

  /** The prices of the perpetual's recent trades, as numbers. */
  tradePrices(): Promise<number[]> {
    return this.numbers(
      this.page.getByTestId('contract-trades').locator('[data-testid="trades-list"] .price'),
    );
  }

  /** The perpetual's own book, beside the order form. */
  book() {
    return this.page.getByTestId('trade-book');
  }

  async numbers(figures: Locator): Promise<number[]> {
    const texts = await figures.allTextContents();
    return texts.map((text) => Number(text.replace(/,/g, '')));
  }

  positions() {
    return this.page.locator('[data-testid^="contract-position-"]');
  }

  /** The id of the first (newest) position card. */
  async firstPositionId(): Promise<string> {
    const testId = (await this.positions().first().getAttribute('data-testid')) ?? '';
    return testId.replace('contract-position-', '');
  }

  position(id: string) {
    return this.page.getByTestId(`contract-position-${id}`);
  }

  positionFigure(name: 'liq' | 'qty' | 'tpsl' | 'entry' | 'pnl' | 'roe', id: string) {
    return this.page.getByTestId(`position-${name}-${id}`).textContent();
  }

  /** The pair in the header: a button that opens the sheet of every perpetual. */
  pair() {
    return this.page.getByTestId('contract-pair');
  }

  pairOption(symbol: string) {
    return this.page.getByTestId(`pair-option-${symbol}`);
  }

  leverageMarks() {
    return this.page.locator('[data-testid^="leverage-mark-"]');
  }

  /** A field of the TP/SL sheet. */
  tpslField(name: 'tp' | 'sl' | 'quantity') {
    const input = name === 'quantity' ? 'edit-tpsl-quantity' : `edit-${name}`;
    return this.page.locator(`[data-testid="tpsl-sheet"] input[name="${input}"]`);
  }

  /** The problem shown under a field of the TP/SL sheet, if any. */
  tpslProblem(name: 'tp' | 'sl' | 'quantity') {
    const input = name === 'quantity' ? 'edit-tpsl-quantity' : `edit-${name}`;
    return this.page.getByTestId(`contract-${input}-problem`);
  }

  /**
   * Whether the element's text sits on one line, whole: its text makes a single line box and
   * nothing is cut off (scrolled or clipped), and the box lies within `within`.
   */
  async oneWholeLine(element: Locator, within?: Locator): Promise<boolean> {
    const bounds = within ? await within.boundingBox() : null;
    return element.evaluate((node, outer) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      const box = node.getBoundingClientRect();
      const inside =
        outer === null || (box.left >= outer.x - 0.5 && box.right <= outer.x + outer.width + 0.5);
      return lines.size === 1 && node.scrollWidth <= node.clientWidth && inside;
    }, bounds);
  }

  /** Closes a share of the position (all of it by default) at the market. */
  async close(id: string, percent?: 25 | 50 | 75): Promise<void> {
    await this.page.getByTestId(`position-close-${id}`).click();
    if (percent !== undefined) await this.page.getByTestId(`close-share-${percent}`).click();
    await this.page.getByTestId('close-confirm').click();
  }
}
