// /debug in Chromium: the session's log downloads as NDJSON; a loaded capture is scrubbed through
// the same fold and the view follows; back to live.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { fromNdjson, type LoggedEvent, toNdjson } from '../../core/event-log.ts';
import { launchBrowser, phonePage } from '../support/browser.ts';
import { tickerData } from '../support/events.ts';
import { AppPage } from './pages/app-page.ts';

const appUrl = inject('appUrl');
let browser: Browser;
let app: AppPage;

beforeAll(async () => {
  browser = await launchBrowser();
  app = new AppPage(await phonePage(browser), appUrl);
});
afterAll(() => browser.close());

const tick = (seq: number, last: string): LoggedEvent => ({
  seq,
  at: 1_700_000_000_000 + seq * 1000,
  source: 'socket',
  type: 'ticker',
  payload: { symbol: 'BTCUSDT', seq, ts: seq, data: tickerData(last) },
});

it('downloads this session as a capture that reads back as events', async () => {
  await app.open('/debug');
  // The socket's first attempts are inputs too; wait until the log has one.
  await expect.poll(() => app.page.locator('.debug__view').textContent()).toMatch(/"seq": [1-9]/);
  const [download] = await Promise.all([
    app.page.waitForEvent('download'),
    app.page.getByRole('button', { name: 'Download capture' }).click(),
  ]);
  const file = await download.path();
  const events = fromNdjson(await readFile(file, 'utf8'));
  expect(events.length).toBeGreaterThan(0);
  expect(events.map((e) => e.seq)).toEqual(
    [...events.keys()].map((i) => (events[0]?.seq ?? 0) + i),
  );
});

it('scrubs a loaded capture and goes back to live', async () => {
  await app.open('/debug');
  await app.page.locator('input[type="file"]').setInputFiles({
    name: 'capture.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(toNdjson([tick(1, '100'), tick(2, '200')])),
  });
  await expect.poll(() => app.toast().first().textContent()).toBe('2 events loaded');
  const view = app.page.locator('.debug__view');
  await app.page.locator('input[type="range"]').fill('1');
  await expect.poll(() => view.textContent()).toContain('"last": "100"');
  await app.page.locator('input[type="range"]').fill('2');
  await expect.poll(() => view.textContent()).toContain('"last": "200"');
  await app.page.getByRole('button', { name: 'Back to live' }).click();
  await expect.poll(() => view.textContent()).not.toContain('BTCUSDT');
});

it('refuses a file that is not a capture, naming the line', async () => {
  await app.open('/debug');
  // A fresh page: the earlier test's capture and toasts are gone.
  await app.page.reload();
  await app.page.locator('input[type="file"]').setInputFiles({
    name: 'bad.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from('{"seq":1}\n'),
  });
  await expect
    .poll(() => app.toast().first().textContent())
    .toBe('Line 1 of the file is not an event');
});
